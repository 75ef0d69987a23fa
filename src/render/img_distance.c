/* img_distance.c — the --distances heat map: breadth-first distances from the start
 * (E. F. Moore, 1959) over the maze's passages, and a light-to-dark colour ramp. */
#include <math.h>
#include <string.h>

#include "amaze/alloc.h"
#include "core/checked.h"
#include "core/error.h"
#include "grid/topo.h"
#include "render/img_internal.h"

/* Distances in moves through open passages, stairs and wrapped edges included (every
 * direction of the grid). A `from` that is not an existing cell leaves every cell
 * unreachable and *maxd 0. The caller frees *out with amz_free. */
amz_status img_distances(const amz_maze *m, amz_cell from, uint32_t **out, uint32_t *maxd, amz_error *err)
{
    size_t bytes;
    if (!ck_array_bytes((uint64_t)m->ncells, sizeof(uint32_t), &bytes))
        return amz_errorf(err, AMZ_ENOMEM, "distances: %lld cells is too many", (long long)m->ncells);
    uint32_t *dist = amz_malloc(bytes);
    /* The queue holds each cell once, so an array of ncells cells is enough. */
    amz_cell *queue = amz_malloc((size_t)m->ncells * sizeof(amz_cell));
    if (!dist || !queue) {
        amz_free(dist);
        amz_free(queue);
        return amz_errorf(err, AMZ_ENOMEM, "distances: cannot allocate %lld cells of search state",
                          (long long)m->ncells);
    }
    memset(dist, 0xff, bytes);
    uint32_t far = 0;
    if (amz_maze_exists(m, from)) {
        size_t head = 0, tail = 0;
        dist[from] = 0;
        queue[tail++] = from;
        while (head < tail) {
            amz_cell c = queue[head++];
            for (int d = 0; d < m->ndirs; d++) {
                amz_cell nb = grid_neighbor(m, c, d);
                if (nb == AMZ_NO_CELL || dist[nb] != UINT32_MAX ||
                    !bits_get(m->passages, grid_edge(m, c, d, nb)))
                    continue;
                /* A distance is below the cell count, far below UINT32_MAX ("not reached")
                 * for any maze whose picture fits the in-memory canvas. */
                dist[nb] = dist[c] + 1;
                if (dist[nb] > far)
                    far = dist[nb];
                queue[tail++] = nb;
            }
        }
    }
    amz_free(queue);
    *out = dist;
    *maxd = far;
    return AMZ_OK;
}

/* Linear between six stops, t clamped to [0, 1] (NaN reads as 0). Opaque. */
amz_color img_heat_color(double t)
{
    /* Pale yellow near the start through green-blue to deep blue far away: light
     * enough near the start for the markers, and a red solution stands out on all. */
    static const uint8_t stops[6][3] = {
        {0xff, 0xfb, 0xd0}, {0xc9, 0xea, 0xb4}, {0x80, 0xcd, 0xbb},
        {0x42, 0xb0, 0xc6}, {0x22, 0x85, 0xbd}, {0x24, 0x4a, 0x9c},
    };
    if (!(t > 0))
        t = 0;
    if (t > 1)
        t = 1;
    double f = t * 5;
    int k = (int)floor(f);
    if (k >= 5)
        k = 4;
    double u = f - k;
    amz_color c;
    c.r = (uint8_t)lround(stops[k][0] + (stops[k + 1][0] - stops[k][0]) * u);
    c.g = (uint8_t)lround(stops[k][1] + (stops[k + 1][1] - stops[k][1]) * u);
    c.b = (uint8_t)lround(stops[k][2] + (stops[k + 1][2] - stops[k][2]) * u);
    c.a = 255;
    return c;
}
