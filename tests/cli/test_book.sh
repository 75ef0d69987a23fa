#!/usr/bin/env bash
# test_book.sh — amaze book, render --answer-key and generate --difficulty, as a user
# and a printer see them: page count, page size, trim and bleed boxes (pdfinfo); the
# numbers, labels, captions and key headings (pdftotext); pixels of rendered pages
# (pdftoppm) with no solution red on puzzle pages and plenty on key pages; every
# caption rebuilds its maze (a book of the rebuilt mazes is byte-identical); levels
# as asked; sliding puzzles whose move counts are optimal; the same command gives the
# same bytes; bad options refused with nothing written.
. "$(dirname "$0")/lib.sh"
cd "$T" || exit 1
for tool in pdfinfo pdftotext pdftoppm; do
  command -v $tool >/dev/null || { echo "$tool missing (poppler-utils)"; exit 1; }
done

# red PDF PAGE — pixels of the solution's red on that page at 30 dpi.
red() {
  pdftoppm -r 30 -f "$2" -l "$2" "$1" >page.ppm || { echo -1; return; }
  local head
  head=$(head -n 3 page.ppm | wc -c)
  tail -c +$((head + 1)) page.ppm | od -An -v -tu1 -w3 |
    awk '$1 > 150 && $2 < 110 && $3 < 110 { n++ } END { print n + 0 }'
}
# dark PDF PAGE — wall pixels (dark grey to black).
dark() {
  pdftoppm -r 60 -f "$2" -l "$2" "$1" >page.ppm
  local head
  head=$(head -n 3 page.ppm | wc -c)
  tail -c +$((head + 1)) page.ppm | od -An -v -tu1 -w3 | awk '$1 < 90 && $2 < 90 && $3 < 90 { n++ } END { print n + 0 }'
}
# box PDF NAME — "x0 y0 x1 y1" of a page box as pdfinfo prints it.
box() {
  pdfinfo -box "$1" | awk -v b="$2:" '$1 == b { print $2, $3, $4, $5 }'
}
check_eq() { # check_eq GOT WANT DESC
  CHECKS=$((CHECKS + 1))
  [ "$1" = "$2" ] || fail "$3: got '$1', expected '$2'"
}

# ---- a ramp on a print-on-demand trim with bleed ----
run book -n 8 --difficulty easy..expert --page 6x9in --bleed --per-page 4 --title "Eight Mazes" --seed 5 -o b.pdf
expect_ok "book -n 8 --difficulty easy..expert --page 6x9in --bleed"
# Title, two pages of four mazes, two key pages of four.
check_eq "$(pdfinfo b.pdf | awk '/^Pages:/ { print $2 }')" 5 "pages"
check_eq "$(pdfinfo b.pdf | awk '/^Page size:/ { print $3, $5 }')" "450 666" "6x9 in plus 0.125 in bleed a side"
check_eq "$(box b.pdf TrimBox)" "9.00 9.00 441.00 657.00" "TrimBox: the 6x9 in trim inside the bleed"
check_eq "$(box b.pdf BleedBox)" "0.00 0.00 450.00 666.00" "BleedBox: the whole page"
check_eq "$(pdfinfo b.pdf | awk '/^Title:/ { $1 = ""; print substr($0, 2) }')" "Eight Mazes" "PDF title"
check_eq "$(pdftotext -f 1 -l 1 b.pdf - | grep -c 'Eight Mazes')" 1 "the title page"
pdftotext -raw -f 2 -l 3 b.pdf puzzles.txt
pdftotext -raw -f 4 -l 5 b.pdf key.txt
for k in 1 2 3 4 5 6 7 8; do
  check_eq "$(grep -o -w "Maze $k" puzzles.txt | wc -l)" 1 "puzzle pages number maze $k"
  check_eq "$(grep -o -w "Maze $k answer" key.txt | wc -l)" 1 "the key labels maze $k"
done
check_eq "$(grep -o -E '\b(easy|medium|hard|expert)\b' puzzles.txt | tr '\n' ' ')" \
  "easy easy medium medium hard hard expert expert " "the levels, in equal runs"
check_eq "$(grep -o -w Answers key.txt | wc -l)" 2 "each key page is headed Answers"

check_eq "$(pdftotext -f 2 -l 2 b.pdf - | grep -c -x '2')" 1 "page numbers"
# Fonts a fresh machine has, embedded.
CHECKS=$((CHECKS + 1))
pdffonts b.pdf | awk 'NR > 2 && $0 !~ /DejaVu/ { bad = 1 } NR > 2 && $(NF-4) != "yes" { bad = 1 } END { exit bad }' ||
  fail "fonts other than embedded DejaVu: $(pdffonts b.pdf)"

# Pixels: walls on every puzzle page, no path on them; every key page shows paths.
for p in 2 3; do
  check_eq "$(red b.pdf $p)" 0 "puzzle page $p shows no solution"
  CHECKS=$((CHECKS + 1))
  [ "$(dark b.pdf $p)" -gt 500 ] || fail "puzzle page $p shows no walls"
done
for p in 4 5; do
  CHECKS=$((CHECKS + 1))
  n=$(red b.pdf $p)
  [ "$n" -gt 200 ] || fail "key page $p shows no solutions ($n red pixels)"
done

# Reproducible: the same command, the same bytes.
run book -n 8 --difficulty easy..expert --page 6x9in --bleed --per-page 4 --title "Eight Mazes" --seed 5 -o b2.pdf
expect_ok "the same book again"
CHECKS=$((CHECKS + 1))
cmp -s b.pdf b2.pdf || fail "the same command gave a different PDF"

# Every caption rebuilds its maze: each caption's command, run as written, makes a
# maze of the level asked; a book of those files is the same PDF byte for byte.
tr '\n' ' ' <puzzles.txt | grep -o -E 'amaze generate( -[-a-z]+ [^ -][^ ]*)+' >captions.txt
check_eq "$(wc -l <captions.txt)" 8 "eight captions"
files=()
k=0
levels=(easy easy medium medium hard hard expert expert)
while read -r -a words; do
  run "${words[@]:1}" -o "r$k.amz"
  expect_ok "caption $((k + 1)): ${words[*]}"
  run stats "r$k.amz" --json
  check_eq "$(json_word "$OUT" level)" "\"${levels[$k]}\"" "maze $((k + 1)) rebuilt from its caption is ${levels[$k]}"
  files+=("r$k.amz")
  k=$((k + 1))
done <captions.txt
run book "${files[@]}" --page 6x9in --bleed --per-page 4 --title "Eight Mazes" -o rebuilt.pdf
expect_ok "a book of the rebuilt mazes"
CHECKS=$((CHECKS + 1))
cmp -s b.pdf rebuilt.pdf || fail "the mazes rebuilt from the captions make another book"

# ---- page formats, one a page, no bleed ----
for page in a4:595.276:841.89 letter:612:792 8.5x11in:612:792 8x10in:576:720; do
  IFS=: read -r name w h <<<"$page"
  run book -n 2 -s 12x12 --page "$name" --seed 1 -o "p-$name.pdf"
  expect_ok "book --page $name"
  check_eq "$(pdfinfo "p-$name.pdf" | awk '/^Page size:/ { print $3, $5 }')" "$w $h" "$name page size"
  check_eq "$(box "p-$name.pdf" TrimBox)" "$(box "p-$name.pdf" MediaBox)" "$name without bleed: trim = page"
  check_eq "$(pdfinfo "p-$name.pdf" | awk '/^Pages:/ { print $2 }')" 3 "$name: 2 pages of mazes, 1 of answers"
done
# Per page 1, 2, 4, 6: pages of puzzles plus pages of answers (4 a page, 6 with 6).
for pp in 1:12:3 2:6:3 4:3:3 6:2:2; do
  IFS=: read -r per puz key <<<"$pp"
  run book -n 12 -s 8x8 --per-page "$per" --seed 2 -o "pp$per.pdf"
  expect_ok "book --per-page $per"
  check_eq "$(pdfinfo "pp$per.pdf" | awk '/^Pages:/ { print $2 }')" $((puz + key)) "--per-page $per page count"
done
run book -n 3 -s 10x10 --no-key --seed 2 -o nokey.pdf
expect_ok "book --no-key"
check_eq "$(pdfinfo nokey.pdf | awk '/^Pages:/ { print $2 }')" 3 "--no-key: the puzzles only"
# Any topology and shape the maze options make, and titles from a file.
printf 'The Hive\n\nThe Ring\n' >titles.txt
run book -n 3 -t hex --shape hexagon -s 15x15 -a wilson --titles titles.txt --per-page 2 --seed 4 -o hex.pdf
expect_ok "a book of hexagon mazes"
pdftotext -raw -f 1 -l 2 hex.pdf hex.txt
check_eq "$(grep -o -E 'Maze [0-9] The (Hive|Ring)' hex.txt | tr '\n' ,)" "Maze 1 The Hive,Maze 3 The Ring," \
  "titles from --titles"
check_eq "$(red hex.pdf 1)" 0 "hex puzzles without paths"
CHECKS=$((CHECKS + 1))
[ "$(red hex.pdf 3)" -gt 50 ] || fail "hex key without paths"

# ---- sliding puzzles: optimal move counts, moves in the key ----
run book -n 2 -s 8x8 --slide 3x3 --slides 2 --per-page 2 --seed 9 -o slide.pdf
expect_ok "book --slide 3x3"
pdftotext -raw slide.pdf slide.txt
last=$(pdfinfo slide.pdf | awk '/^Pages:/ { print $2 }')
pdftotext -raw -f "$last" -l "$last" slide.pdf slide-key.txt
grep -o -E 'amaze slide shuffle 3x3 --seed [0-9]+' slide.txt >slide-captions.txt
check_eq "$(wc -l <slide-captions.txt)" 2 "a caption per sliding puzzle"
k=3
while read -r -a words; do
  "$AMAZE" "${words[@]:1}" >board.txt
  want=$("$AMAZE" slide solve board.txt -a ida | tr -d ' \n' | wc -c)
  check_eq "$(grep -o -E "^Puzzle $k 3x3, [0-9]+ moves" slide.txt | head -1 | awk '{ print $4 }')" "$want" \
    "puzzle $k: the optimal move count"
  # The key's moves, replayed on the board, solve it.
  moves=$(awk -v k="Puzzle $k" 'found && /^[UDLR ]+$/ { printf "%s", $0 } $0 ~ "^" k " " { found++ } found && /Letters/ { exit }' slide-key.txt | tr -d ' ')
  check_eq "${#moves}" "$want" "puzzle $k: the key gives that many moves"
  # Replayed on the board (the blank moves U D L R), the key's moves solve it.
  CHECKS=$((CHECKS + 1))
  awk -v moves="$moves" '{ for (i = 1; i <= NF; i++) { t[i - 1] = $i; if ($i == 0) b = i - 1 } }
    END { for (i = 1; i <= length(moves); i++) {
            c = substr(moves, i, 1); n = b + (c == "U" ? -3 : c == "D" ? 3 : c == "L" ? -1 : 1)
            if (n < 0 || n > 8 || (c == "L" && b % 3 == 0) || (c == "R" && b % 3 == 2)) exit 1
            t[b] = t[n]; t[n] = 0; b = n }
          for (i = 0; i < 8; i++) if (t[i] != i + 1) exit 1 }' board.txt ||
    fail "puzzle $k: the key's moves do not solve it"
  k=$((k + 1))
done <slide-captions.txt

# ---- render --answer-key ----
"$AMAZE" generate -s 15x10 --seed 3 -o m.amz
run render m.amz --answer-key --page letter -o key.pdf
expect_ok "render --answer-key to a PDF"
check_eq "$(pdfinfo key.pdf | awk '/^Pages:/ { print $2 }')" 2 "--answer-key: two pages"
check_eq "$(red key.pdf 1)" 0 "--answer-key: the puzzle page has no path"
CHECKS=$((CHECKS + 1))
[ "$(red key.pdf 2)" -gt 50 ] || fail "--answer-key: the second page shows the path"
run render m.amz --answer-key --cell 8 -o pair.png
expect_ok "render --answer-key to two PNG files"
CHECKS=$((CHECKS + 1))
[ -s pair.png ] && [ -s pair-key.png ] || fail "--answer-key: pair.png and pair-key.png"
run render m.amz --answer-key --format png
expect_fail 2 "second file" "--answer-key to standard output as PNG"
run render m.amz --answer-key --no-solution -o x.pdf
expect_fail 2 "--no-solution" "--answer-key --no-solution"

# ---- generate --difficulty: levels as asked, refusals ----
for level in easy medium hard expert; do
  for seed in 1 2 3; do
    run generate --difficulty $level --seed $seed -t hex -o "d.amz"
    expect_ok "generate --difficulty $level"
    run stats d.amz --json
    check_eq "$(json_word "$OUT" level)" "\"$level\"" "--difficulty $level --seed $seed"
  done
done
run generate --difficulty 30 --seed 1 -o n.amz
expect_ok "generate --difficulty 30"
run stats n.amz --json
d=$(json_num "$OUT" difficulty)
CHECKS=$((CHECKS + 1))
awk -v d="$d" 'BEGIN { exit !(d >= 27 && d <= 33) }' || fail "--difficulty 30 gave $d bits"
run generate -s 30x30 --solution-length 100:120 --dead-ends 20 -a prim --seed 2 -o t.amz
expect_ok "--solution-length and --dead-ends together"
run stats t.amz --json
CHECKS=$((CHECKS + 1))
awk -v l="$(json_num "$OUT" solution_length)" -v d="$(json_num "$OUT" dead_end_percent)" \
  'BEGIN { exit !(l >= 100 && l <= 120 && d >= 19 && d <= 21) }' || fail "targets missed: $(cat "$OUT")"

mkdir out
run generate -s 3x3 --difficulty expert -o out/x.amz
expect_fail 2 "a maze of about" "-s 3x3 --difficulty expert"
run generate -s 8x8 --difficulty expert -o out/x.amz
expect_fail 2 "out of reach" "-s 8x8 --difficulty expert (bound)"
run generate -s 12x12 --difficulty expert --seed 1 -o out/x.amz
expect_fail 1 "gave up after 64 tries" "-s 12x12 --difficulty expert (searched)"
run generate --difficulty easy..hard -o out/x.amz
expect_fail 2 "amaze book" "a ramp on generate"
run generate --difficulty insane -o out/x.amz
expect_fail 2 "easy, medium, hard, expert" "an unknown level"
run generate --dead-ends 30 --braid 0.2 -o out/x.amz
expect_fail 2 "drop --braid" "--dead-ends with --braid"
run generate --dead-ends 30 -a backtracker --seed 1 -o out/x.amz
expect_fail 1 "braiding only removes" "--dead-ends beyond the generator"
run generate -s 30x30 -a prim --solution-length 20%:40% --seed 1 -o out/x.amz
expect_fail 1 "the longest found" "a solution share prim's mazes do not offer"
run generate --solution-length 0.5:0.2 -o out/x.amz
expect_fail 2 "passes the maximum" "--solution-length upside down"
run generate --difficulty hard --stream -a eller -o out/x.amz
expect_fail 2 "cannot be streamed" "--difficulty --stream"
run book -n 4 --page a5 -o out/b.pdf
expect_fail 2 "unknown page 'a5'" "book --page a5"
run book -n 0 -o out/b.pdf
expect_fail 2 "1 to 10000" "book -n 0"
run book --per-page 7 -o out/b.pdf
expect_fail 2 "--per-page" "book --per-page 7"
run book --per-page 3 -o out/b.pdf
expect_fail 2 "1, 2, 4 or 6" "book --per-page 3"
run book -n 4 -s 3x3 --difficulty expert -o out/b.pdf
expect_fail 2 "out of reach" "book -s 3x3 --difficulty expert"
run book -n 4 -s 6x6 --difficulty easy..expert -o out/b.pdf
expect_fail 2 "out of reach" "a ramp the size cannot finish"
run book -n 4 -s 10x10 --difficulty easy..expert --seed 1 -o out/b.pdf
expect_fail 1 "gave up after 64 tries" "a ramp that gives up: nothing written"
run book -n 4 --slide 5x5 -o out/b.pdf
expect_fail 2 "3x3 or 4x4" "book --slide 5x5"
run book -n 4 -o out/b.png
expect_fail 2 "book writes .pdf files" "book -o b.png"
run book m.amz -s 5x5 -o out/b.pdf
expect_fail 2 "the maze files make the book" "maze files and maze options"
expect_empty_dir out "refused books and mazes"

finish
