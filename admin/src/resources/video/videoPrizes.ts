/** The video list's prize filter (SPEC section 2 "Videos"); empty means All. */
export const VIDEO_PRIZE_FILTER = [
  { id: 100000, name: '100000' },
  { id: 1000000, name: '1000000' },
];
