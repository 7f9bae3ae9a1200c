import { create } from 'zustand';

interface PremiumModalState {
  subscriptionsOpen: boolean;
  openSubscriptions(): void;
  closeSubscriptions(): void;
}

/** The subscriptions (premium) modal: opened from locked lists, refused profiles and like limits. */
export const usePremiumModal = create<PremiumModalState>()((set) => ({
  subscriptionsOpen: false,
  openSubscriptions: () => set({ subscriptionsOpen: true }),
  closeSubscriptions: () => set({ subscriptionsOpen: false }),
}));

export const openSubscriptions = () => usePremiumModal.getState().openSubscriptions();
