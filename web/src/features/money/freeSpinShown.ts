// Where and when the free-spin button and its splash show (spec §2): only on /explore and /meet,
// only while the member has a free spin and the wheel is closed. Pure, so that the frame decides
// before FreeSpin's chunk is loaded (app/layouts/FrameHosts.tsx).

export function freeSpinPlace(pathname: string): boolean {
  return pathname === '/explore' || pathname === '/meet';
}

export function freeSpinShown(pathname: string, spins: number, wheelOpen: boolean): boolean {
  return freeSpinPlace(pathname) && spins > 0 && !wheelOpen;
}
