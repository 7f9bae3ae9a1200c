// The lucky wheel (spec §2, §4, §9): a free spin if there is one, else a bought one (100
// credits), else the credits modal. The server draws the prize; the wheel turns for 5 s and 1,080
// degrees on top to land on it, and nothing can spin it again meanwhile. The chances of every
// prize and the average value of a spin are shown beside it: honest odds are part of the game.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../app/format';
import { useAppStore } from '../../app/store';
import type { LanguageCode, WheelPrize } from '../../realtime/protocol';
import { Modal } from '../../ui/Modal';
import { CoinIcon, FreeSpinIcon } from '../../ui/icons';
import { buySpin, fetchPrizes, spinWheel } from './api';
import { setSpins } from './runtime';
import { newClientId } from './clientId';
import { useMoneyStore } from './store';
import {
  expectedValue,
  oddsPercent,
  prizeIndex,
  segmentSize,
  SPIN_DURATION_MS,
  targetRotation,
} from './wheel';
import './money.css';
import './wheel.css';

/** Spec §9: a spin costs 100 credits unless the configuration says otherwise. */
export const DEFAULT_SPIN_PRICE = 100;
/** After a prize of credits the wheel closes by itself (spec §4), once it has been read. */
const CLOSE_AFTER_WIN_MS = 2500;

const COLOURS = ['#ff6b8b', '#7c4dff', '#f5b301', '#e8436b', '#1e9e63', '#a8326e'];

type Result = { kind: 'prize'; prize: WheelPrize } | { kind: 'error' } | null;

export function useSpinPrice(): number {
  const fromPrizes = useMoneyStore((s) => s.prizesDetails.spin_price);
  const fromConfigs = useAppStore(
    (s) => s.configs.prices?.find((p) => p.feature === 'spin')?.price,
  );
  return fromPrizes ?? fromConfigs ?? DEFAULT_SPIN_PRICE;
}

export function WheelOverlayHost() {
  const open = useMoneyStore((s) => s.wheelOpen);
  const close = useCallback(() => useMoneyStore.getState().setWheelOpen(false), []);
  return open ? <WheelOverlay onClose={close} /> : null;
}

function point(angle: number, radius: number): string {
  const rad = (angle * Math.PI) / 180;
  return `${(Math.sin(rad) * radius).toFixed(3)} ${(-Math.cos(rad) * radius).toFixed(3)}`;
}

function prizeLabel(prize: WheelPrize, language: LanguageCode): string {
  return prize.kind === 'coins' ? formatNumber(prize.amount, language) : '';
}

function WheelFace({ prizes, rotation }: { prizes: WheelPrize[]; rotation: number }) {
  const language = useAppStore((s) => s.language);
  const size = segmentSize(prizes.length);
  return (
    <svg viewBox="-110 -110 220 220" className="wheel__svg" aria-hidden="true">
      <circle r="108" className="wheel__rim" />
      <g
        className="wheel__disc"
        style={{
          transform: `rotate(${rotation}deg)`,
          transitionDuration: `${SPIN_DURATION_MS}ms`,
        }}
        data-rotation={rotation}
      >
        {prizes.map((prize, i) => {
          const a0 = i * size;
          const a1 = a0 + size;
          const large = size > 180 ? 1 : 0;
          const colour = COLOURS[i % COLOURS.length] ?? '#e8436b';
          return (
            <g key={prize.id}>
              <path
                d={`M0 0 L${point(a0, 100)} A100 100 0 ${large} 1 ${point(a1, 100)} Z`}
                fill={colour}
                stroke="#fff"
                strokeWidth="1.5"
              />
              <g transform={`rotate(${a0 + size / 2}) translate(0 -70)`}>
                {prize.kind === 'coins' ? (
                  <text className="wheel__label" textAnchor="middle" dominantBaseline="middle">
                    {prizeLabel(prize, language)}
                  </text>
                ) : prize.kind === 'freespin' ? (
                  <g transform="translate(-9 -9)">
                    <FreeSpinSvg />
                  </g>
                ) : (
                  <text className="wheel__label" textAnchor="middle" dominantBaseline="middle">
                    ✕
                  </text>
                )}
              </g>
            </g>
          );
        })}
      </g>
      <circle r="16" className="wheel__hub" />
      <path d="M-9 -112 L9 -112 L0 -92 Z" className="wheel__pointer" />
    </svg>
  );
}

/** The free-spin mark inside the wheel's own SVG. */
function FreeSpinSvg() {
  return (
    <g transform="scale(0.75)">
      <circle cx="12" cy="13" r="10" fill="#fff" />
      <circle cx="12" cy="13" r="7" fill="#ff6b8b" />
      <circle cx="12" cy="13" r="2.4" fill="#fff" />
      <path d="M9.2 1.5h5.6L12 6.2z" fill="#17111c" />
    </g>
  );
}

function OddsTable({ prizes, price }: { prizes: WheelPrize[]; price: number }) {
  const { t } = useTranslation();
  const language = useAppStore((s) => s.language);
  const served = useMoneyStore((s) => s.prizesDetails.expected_credits);
  // The server's figure when it sends one; the same sum worked out here otherwise.
  const ev = served !== undefined ? served : expectedValue(prizes);
  const name = (prize: WheelPrize) =>
    prize.kind === 'coins'
      ? t('money.wheel.prize.coins', { amount: formatNumber(prize.amount, language) })
      : t(`money.wheel.prize.${prize.kind}`);
  return (
    <section className="wheel-odds" aria-labelledby="wheel-odds-title" data-testid="wheel-odds">
      <h3 id="wheel-odds-title" className="wheel-odds__title">
        {t('money.wheel.odds.title')}
      </h3>
      <table className="wheel-odds__table">
        <thead>
          <tr>
            <th scope="col">{t('money.wheel.odds.prize')}</th>
            <th scope="col">{t('money.wheel.odds.chance')}</th>
          </tr>
        </thead>
        <tbody>
          {[...prizes]
            .sort((a, b) => b.odds - a.odds)
            .map((prize) => (
              <tr key={prize.id}>
                <td>{name(prize)}</td>
                <td dir="ltr">{formatNumber(oddsPercent(prize.odds), language)}%</td>
              </tr>
            ))}
        </tbody>
      </table>
      {ev !== null ? (
        <p className="wheel-odds__ev" data-testid="wheel-ev">
          {t('money.wheel.odds.ev', {
            value: formatNumber(Math.round(ev), language),
            price: formatNumber(price, language),
          })}
        </p>
      ) : null}
      <p className="muted wheel-odds__note">{t('money.wheel.odds.note')}</p>
    </section>
  );
}

function WheelOverlay({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const language = useAppStore((s) => s.language);
  const credits = useAppStore((s) => s.user?.credits ?? 0);
  const spins = useAppStore((s) => s.user?.sof_spin_available ?? 0);
  const prizes = useMoneyStore((s) => s.prizes);
  const price = useSpinPrice();
  const [rotation, setRotation] = useState(0);
  const [spinning, setSpinning] = useState(false);
  const [result, setResult] = useState<Result>(null);
  const busy = useRef(false);
  const timers = useRef<number[]>([]);

  useEffect(() => {
    if (useMoneyStore.getState().prizes.length > 0) return;
    void fetchPrizes().then((catalogue) => {
      if (catalogue && catalogue.prizes.length > 0) {
        useMoneyStore.getState().setPrizes(catalogue.prizes, catalogue.details);
      }
    });
  }, []);
  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach((id) => window.clearTimeout(id));
  }, []);

  const later = (callback: () => void, ms: number) => {
    timers.current.push(window.setTimeout(callback, ms));
  };

  const finish = () => {
    busy.current = false;
    setSpinning(false);
    useMoneyStore.getState().setWheelSpinning(false);
  };

  const spin = async () => {
    // No re-spin while the wheel turns (spec §4).
    if (busy.current || prizes.length === 0) return;
    const app = useAppStore.getState();
    const free = app.user?.sof_spin_available ?? 0;
    if (free <= 0 && (app.user?.credits ?? 0) < price) {
      app.setCreditsModalOpen(true);
      return;
    }
    busy.current = true;
    setSpinning(true);
    useMoneyStore.getState().setWheelSpinning(true);
    setResult(null);
    if (free <= 0) {
      const bought = await buySpin(newClientId('s'));
      if (bought.kind === 'not_enough_credits') {
        finish();
        useAppStore.getState().setCreditsModalOpen(true);
        return;
      }
      if (bought.kind !== 'ok') {
        finish();
        setResult({ kind: 'error' });
        return;
      }
      useAppStore.getState().setCredits(bought.details.credits);
      setSpins(bought.details.sof_spin_available);
    }
    const outcome = await spinWheel(newClientId('w'));
    if (outcome.kind !== 'ok' || !outcome.details.prize) {
      finish();
      setResult({ kind: 'error' });
      return;
    }
    const { prize, credits: after, sof_spin_available: left } = outcome.details;
    const index = prizeIndex(prizes, prize);
    if (index < 0) console.error('wheel: the prize is not on the wheel', prize);
    else
      setRotation((current) => targetRotation(current, index, prizes.length, Math.random() - 0.5));
    later(
      () => {
        finish();
        setResult({ kind: 'prize', prize });
        useAppStore.getState().setCredits(after);
        setSpins(left);
        if (prize.kind === 'coins') later(onClose, CLOSE_AFTER_WIN_MS);
      },
      index < 0 ? 0 : SPIN_DURATION_MS,
    );
  };

  const label = spinning
    ? t('money.wheel.spinning')
    : spins > 0
      ? t('money.wheel.spinFree')
      : t('money.wheel.spinPaid', { price: formatNumber(price, language) });

  return (
    <Modal open onClose={onClose} labelledBy="wheel-title" className="money-modal wheel-modal">
      <div data-testid="wheel-overlay">
        <h2 id="wheel-title" className="wheel-modal__title">
          {t('money.wheel.title')}
        </h2>
        <p className="muted wheel-modal__lead">{t('money.wheel.lead')}</p>
        <div className="wheel-modal__status">
          <span className="wheel-chip" data-testid="wheel-spins">
            <FreeSpinIcon size={16} />
            {t('money.wheel.freeSpins', { count: formatNumber(spins, language) })}
          </span>
          <span className="wheel-chip">
            <CoinIcon size={16} />
            {formatNumber(credits, language)}
          </span>
        </div>
        <div className={`wheel${spinning ? ' is-spinning' : ''}`} data-testid="wheel">
          {prizes.length > 0 ? <WheelFace prizes={prizes} rotation={rotation} /> : null}
        </div>
        <p
          className="wheel-modal__result"
          role="status"
          aria-live="polite"
          data-testid="wheel-result"
        >
          {result?.kind === 'error'
            ? t('money.wheel.error')
            : result?.kind === 'prize'
              ? result.prize.kind === 'coins'
                ? t('money.wheel.won', { amount: formatNumber(result.prize.amount, language) })
                : result.prize.kind === 'freespin'
                  ? t('money.wheel.wonFreeSpin')
                  : t('money.wheel.nothing')
              : ''}
        </p>
        <button
          type="button"
          className="btn btn-primary btn-block wheel-modal__spin"
          onClick={() => void spin()}
          disabled={spinning || prizes.length === 0}
          aria-busy={spinning}
          data-testid="wheel-spin"
        >
          {label}
        </button>
        {prizes.length > 0 ? <OddsTable prizes={prizes} price={price} /> : null}
      </div>
    </Modal>
  );
}
