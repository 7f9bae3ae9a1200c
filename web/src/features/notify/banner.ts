// The in-app notification banner (spec §2, §4, §9): one banner at a time at the top of the
// screen, drawn by BannerHost (mounted once by RootLayout). Any code may call showBanner; the
// suppression rules decide whether it appears.
import { BANNER_DURATION_MS } from '../../app/constants';
import { shouldShowBanner, type BannerType } from './rules';
import { currentAttention, useNotifyStore } from './store';

export type { BannerType } from './rules';
export type { Banner, NotifyState } from './store';
export { useNotifyStore } from './store';

export interface BannerInput {
  type: BannerType;
  /** A bold first line, e.g. a new message's sender name. */
  title?: string | null;
  /** Already translated text. */
  message: string;
  /** The sender's photo, for message and info banners; the no-user image stands in without. */
  photo?: string | null;
  /** Runs when the banner is clicked (or tapped); the banner closes either way. */
  onClick?: () => void;
  /** How long the banner stays; spec §9: 3000 ms (free credits 1200 ms). */
  durationMs?: number;
}

/** Shows a banner, replacing the one on screen, unless a chat or a purchase modal is open and the
 *  type is not credits, success or error. */
export function showBanner(input: BannerInput): void {
  if (!shouldShowBanner(input.type, currentAttention())) return;
  useNotifyStore.getState().show({
    type: input.type,
    title: input.title ?? null,
    message: input.message,
    photo: input.photo ?? null,
    onClick: input.onClick ?? null,
    durationMs: input.durationMs ?? BANNER_DURATION_MS,
  });
}

/** Closes the banner with this id, or whatever banner is showing. */
export function dismissBanner(id?: number): void {
  useNotifyStore.getState().dismiss(id);
}

/** The chat screen reports the partner it shows (null when it closes); while one is open most
 *  banners and sounds are held back. */
export function setChatOpen(partnerId: number | null): void {
  useNotifyStore.getState().setChatPartnerId(partnerId);
}
