// The money slice: which purchase screen is open (payment, wheel, boost, history), the wheel's
// prizes and the running promotion. The credits modal's flag stays in the app store, where the
// chat and the shell already open it.
import { create } from 'zustand';
import type {
  BoostKind,
  CreditsPromo,
  CurrencyCode,
  PaymentType,
  WheelPrize,
  WheelPrizesDetails,
} from '../../realtime/protocol';

export interface OpenPayment {
  orderId: string;
  /** The checkout page (a path on this site) shown in the payment iframe. */
  url: string;
  type: PaymentType;
  amount: number;
  currency: CurrencyCode;
  /** The package paid for, to describe it beside the checkout. */
  packageId: number;
}

interface MoneyState {
  payment: OpenPayment | null;
  wheelOpen: boolean;
  boostKind: BoostKind | null;
  historyOpen: boolean;
  prizes: WheelPrize[];
  prizesDetails: WheelPrizesDetails;
  promo: CreditsPromo | null;
  /** Orders the provider reported as failed (payment/failed). */
  failedOrders: string[];
  /** The wheel is turning: its own result speaks, the reward banner waits. */
  wheelSpinning: boolean;
  /** The wheel splash was shown (or dismissed) for this many spins: it shows again only when
   *  the member gets more. */
  splashSeenFor: number;

  openPayment(payment: OpenPayment): void;
  closePayment(): void;
  setWheelOpen(open: boolean): void;
  openBoost(kind: BoostKind): void;
  closeBoost(): void;
  setHistoryOpen(open: boolean): void;
  setPrizes(prizes: WheelPrize[], details?: WheelPrizesDetails): void;
  addFailedOrder(orderId: string): void;
  setWheelSpinning(spinning: boolean): void;
  setPromo(promo: CreditsPromo | null): void;
  setSplashSeenFor(spins: number): void;
}

export const useMoneyStore = create<MoneyState>()((set) => ({
  payment: null,
  wheelOpen: false,
  boostKind: null,
  historyOpen: false,
  prizes: [],
  prizesDetails: {},
  promo: null,
  failedOrders: [],
  wheelSpinning: false,
  splashSeenFor: 0,

  openPayment: (payment) => set({ payment }),
  closePayment: () => set({ payment: null }),
  setWheelOpen: (wheelOpen) => set({ wheelOpen }),
  openBoost: (boostKind) => set({ boostKind }),
  closeBoost: () => set({ boostKind: null }),
  setHistoryOpen: (historyOpen) => set({ historyOpen }),
  setPrizes: (prizes, prizesDetails = {}) =>
    set({
      // Clockwise from the top, as the server places them.
      prizes: [...prizes].sort((a, b) => (a.position ?? 0) - (b.position ?? 0)),
      prizesDetails,
    }),
  addFailedOrder: (orderId) => set((s) => ({ failedOrders: [...s.failedOrders, orderId] })),
  setWheelSpinning: (wheelSpinning) => set({ wheelSpinning }),
  setPromo: (promo) => set({ promo }),
  setSplashSeenFor: (splashSeenFor) => set({ splashSeenFor }),
}));

export const openWheel = () => useMoneyStore.getState().setWheelOpen(true);
export const openBoost = (kind: BoostKind = 'boost') => useMoneyStore.getState().openBoost(kind);
export const openCreditsHistory = () => useMoneyStore.getState().setHistoryOpen(true);
