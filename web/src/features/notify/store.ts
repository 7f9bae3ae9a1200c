// The notify slice: the banner on screen, the open chat and the platform's mute flag. One store
// for the banner and the sounds, so both apply the same suppression rules (rules.ts).
import { create } from 'zustand';
import { useAppStore } from '../../app/store';
import { usePremiumModal } from '../premium/store';
import type { AttentionContext, BannerType } from './rules';

export interface Banner {
  /** Grows with every banner, so a late timer never closes a newer one. */
  id: number;
  type: BannerType;
  /** A first line in bold (a new message's sender), already translated; null for none. */
  title: string | null;
  /** Already translated. */
  message: string;
  photo: string | null;
  onClick: (() => void) | null;
  durationMs: number;
}

export interface NotifyState {
  banner: Banner | null;
  /** The partner of the chat on screen, or null when no chat is open. */
  chatPartnerId: number | null;
  /** The platform is muted: no notification sound plays. */
  muted: boolean;
  seq: number;

  show(banner: Omit<Banner, 'id'>): void;
  /** Closes the banner with this id (any banner when omitted). */
  dismiss(id?: number): void;
  setChatPartnerId(partnerId: number | null): void;
  setMuted(muted: boolean): void;
}

export const useNotifyStore = create<NotifyState>()((set) => ({
  banner: null,
  chatPartnerId: null,
  muted: false,
  seq: 0,

  show: (banner) => set((s) => ({ seq: s.seq + 1, banner: { ...banner, id: s.seq + 1 } })),
  dismiss: (id) =>
    set((s) => (s.banner && (id === undefined || s.banner.id === id) ? { banner: null } : s)),
  setChatPartnerId: (chatPartnerId) => set({ chatPartnerId }),
  setMuted: (muted) => set({ muted }),
}));

/** Whether a chat or a purchase modal (credits, subscriptions) holds the user's attention now. */
export function currentAttention(): AttentionContext {
  return {
    chatOpen: useNotifyStore.getState().chatPartnerId !== null,
    purchaseModalOpen:
      useAppStore.getState().creditsModalOpen || usePremiumModal.getState().subscriptionsOpen,
  };
}
