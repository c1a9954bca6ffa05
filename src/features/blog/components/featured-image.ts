/** Featured images are shown in a 1200×630 box (the social card's shape), cropped to fill it. */
export const FEATURED_IMAGE_RATIO = 1200 / 630
