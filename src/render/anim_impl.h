/* anim_impl.h — private pieces of the animation writer shared between its files. */
#ifndef AMZ_RENDER_ANIM_IMPL_H
#define AMZ_RENDER_ANIM_IMPL_H

#include "amaze/anim.h"

/* AMZ_EINVAL/AMZ_ERANGE with a message for options amz_anim_run cannot use. */
amz_status anim_check_options(const amz_anim_options *o, amz_error *err);

#endif
