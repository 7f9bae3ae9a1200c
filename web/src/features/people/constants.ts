// Constants of the discovery screens (spec §9 and docs/protocol.md).

/** Profile photos come 10 at a time (spec §9). */
export const PROFILE_PHOTOS_PAGE = 10;
/** Load the next page of photos when the viewer is this close to the last loaded one. */
export const PHOTOS_PREFETCH_DISTANCE = 2;
/** Spec §9: under 1024 px a second tap within 50 ms is ignored. */
export const TAP_GUARD_MAX_WIDTH = 1024;
export const TAP_GUARD_MS = 50;
