// One member's page for admins: the profile, credit adjustments, the ban, their data (export and
// erasure), payments (refunds) and the ledger. Each change is confirmed or carries a reason; the
// page reloads after it, except after an erasure, when nothing is left to show.
import { useCallback, useReducer, useState, type FormEvent } from 'react';
import { cleanReason, formatAmount, memberViewReducer, parseCreditDelta } from '../admin';
import { useService } from '../context';
import { formatTimestamp } from '../format';
import { useConfirmedSave, useConsoleT, useLoad } from '../hooks';
import type { AdminMemberDetail, PaymentOrder } from '../protocol';
import { newClientId } from '../service';
import { ConfirmDialog, ErrorLine, TextField } from '../ui';
import { PrivacyCard } from './MemberPrivacy';
import { LedgerCard, PaymentsCard } from './MemberRecords';
import { DoneLine, ReasonField, StatusBadge } from './ui';

type Pending =
  | { kind: 'ban'; reason: string }
  | { kind: 'unban'; reason: string }
  | { kind: 'refund'; order: PaymentOrder };

export function MemberDetail({
  memberId,
  onBack,
  onErased,
}: {
  memberId: number;
  onBack: () => void;
  /** The member was erased: lists that show them are out of date. */
  onErased: () => void;
}) {
  const { t, language } = useConsoleT();
  const service = useService();
  const [member, dispatch] = useReducer(memberViewReducer, null);
  // Reloaded after every change.
  const { error: loadError, reload } = useLoad(
    useCallback(() => service.member(memberId), [service, memberId]),
    (detail) => dispatch({ type: 'loaded', detail }),
  );
  const change = useConfirmedSave<Pending>();
  const [notice, setNotice] = useState<string | null>(null);
  const [delta, setDelta] = useState('');
  const [reason, setReason] = useState('');
  // One client_id per adjustment typed: a retry after a lost reply applies it once.
  const [adjustId, setAdjustId] = useState(() => newClientId());
  const [banReason, setBanReason] = useState('');
  const [erased, setErased] = useState(false);
  const error = change.error ?? loadError;

  const back = (
    <button type="button" className="cs-btn cs-btn--small" onClick={onBack}>
      {t('console.admin.members.back')}
    </button>
  );
  if (!member) {
    return (
      <section className="cs-card">
        {back}
        {error ? (
          <ErrorLine error={error} />
        ) : (
          <p className="cs-muted">{t('console.common.loading')}</p>
        )}
      </section>
    );
  }

  const parsedDelta = parseCreditDelta(delta);
  const cleanAdjustReason = cleanReason(reason);
  const adjust = async (event: FormEvent) => {
    event.preventDefault();
    if (parsedDelta === null || cleanAdjustReason === null) return;
    const outcome = await change.run(() =>
      service.adjustCredits(member.id, parsedDelta, cleanAdjustReason, adjustId),
    );
    if (!outcome.ok) return;
    dispatch({ type: 'credits', credits: outcome.value.credits });
    setNotice(t('console.admin.members.adjusted', { credits: outcome.value.credits }));
    setDelta('');
    setReason('');
    setAdjustId(newClientId());
    reload();
  };

  const confirm = async (pending: Pending) => {
    if (pending.kind === 'refund') {
      const outcome = await change.run(() => service.refund(pending.order.order_id));
      if (!outcome.ok) return;
      dispatch({
        type: 'refunded',
        orderId: pending.order.order_id,
        credits: outcome.value.credits,
      });
      setNotice(t('console.admin.members.refunded', { credits: outcome.value.credits_taken }));
    } else {
      const outcome = await change.run(() =>
        pending.kind === 'ban'
          ? service.ban(member.id, pending.reason)
          : service.unban(member.id, pending.reason),
      );
      if (!outcome.ok) return;
      dispatch(
        pending.kind === 'ban'
          ? { type: 'banned', reason: pending.reason, at: Math.floor(Date.now() / 1000) }
          : { type: 'unbanned' },
      );
      setBanReason('');
      setNotice(
        t(
          pending.kind === 'ban'
            ? 'console.admin.members.bannedNow'
            : 'console.admin.members.unbannedNow',
        ),
      );
    }
    reload();
  };

  const banReasonClean = cleanReason(banReason);
  const pending = change.pending;
  const head = (
    <div className="cs-admin__member-head">
      {back}
      <h3 className="cs-admin__name">
        <bdi>{member.name}</bdi> <span className="cs-muted">#{member.id}</span>
      </h3>
      <span dir="ltr" className="cs-muted">
        {member.email}
      </span>
      <StatusBadge banned={member.banned !== null} erased={erased} />
    </div>
  );
  if (erased) {
    return (
      <div className="cs-admin__member" data-testid="admin-member">
        {head}
        <DoneLine text={notice} />
      </div>
    );
  }
  return (
    <div className="cs-admin__member" data-testid="admin-member">
      {head}
      <ErrorLine error={error} />
      <DoneLine text={notice} />
      <div className="cs-admin__grid">
        <ProfileCard member={member} />

        <section className="cs-card">
          <h4 className="cs-card__title">{t('console.admin.members.creditsTitle')}</h4>
          <p className="cs-admin__balance">
            {t('console.admin.members.balance', {
              credits: member.credits.toLocaleString(language),
            })}
          </p>
          <form className="cs-admin__form" onSubmit={(e) => void adjust(e)}>
            <TextField
              label={t('console.admin.members.delta')}
              inputMode="numeric"
              dir="ltr"
              value={delta}
              onValue={setDelta}
              placeholder="+50 / -20"
              data-testid="admin-adjust-delta"
            />
            <ReasonField
              label={t('console.admin.members.reason')}
              value={reason}
              onValue={setReason}
              testId="admin-adjust-reason"
            />
            <p className="cs-muted cs-admin__hint">{t('console.admin.members.adjustHint')}</p>
            <button
              type="submit"
              className="cs-btn cs-btn--primary"
              disabled={change.busy || parsedDelta === null || cleanAdjustReason === null}
              data-testid="admin-adjust-submit"
            >
              {t('console.admin.members.adjust')}
            </button>
          </form>
        </section>

        <section className="cs-card">
          <h4 className="cs-card__title">{t('console.admin.members.accessTitle')}</h4>
          {member.banned ? (
            <p>
              {t('console.admin.members.bannedSince', {
                when: formatTimestamp(member.banned.at, language, true),
              })}{' '}
              <bdi>{member.banned.reason}</bdi>
            </p>
          ) : (
            <p className="cs-muted">{t('console.admin.members.banExplained')}</p>
          )}
          <ReasonField
            label={t('console.admin.members.reason')}
            value={banReason}
            onValue={setBanReason}
            testId="admin-ban-reason"
          />
          <button
            type="button"
            className={`cs-btn ${member.banned ? '' : 'cs-btn--danger'}`}
            disabled={change.busy || banReasonClean === null}
            onClick={() =>
              banReasonClean !== null &&
              change.ask({ kind: member.banned ? 'unban' : 'ban', reason: banReasonClean })
            }
            data-testid={member.banned ? 'admin-unban' : 'admin-ban'}
          >
            {t(member.banned ? 'console.admin.members.unban' : 'console.admin.members.ban')}
          </button>
        </section>

        <PrivacyCard
          member={member}
          onExported={(file) => setNotice(t('console.admin.members.exported', { file }))}
          onErased={() => {
            setErased(true);
            setNotice(t('console.admin.members.erasedNow'));
            onErased();
          }}
        />
      </div>

      <PaymentsCard
        payments={member.payments}
        onRefund={(order) => change.ask({ kind: 'refund', order })}
      />
      <LedgerCard ledger={member.ledger} sum={member.ledger_sum} />

      {pending ? (
        <ConfirmDialog
          title={t(`console.admin.confirm.${pending.kind}.title`, { name: member.name })}
          body={
            pending.kind === 'refund'
              ? t('console.admin.confirm.refund.body', {
                  amount: formatAmount(pending.order, language),
                  credits: (pending.order.credits + pending.order.bonus).toLocaleString(language),
                })
              : t(`console.admin.confirm.${pending.kind}.body`, {
                  name: member.name,
                  reason: pending.reason,
                })
          }
          confirmLabel={t(`console.admin.confirm.${pending.kind}.confirm`)}
          busy={change.busy}
          danger
          onClose={change.cancel}
          onConfirm={() => void confirm(pending)}
          testId="admin-confirm"
        />
      ) : null}
    </div>
  );
}

function ProfileCard({ member }: { member: AdminMemberDetail }) {
  const { t, language } = useConsoleT();
  const profile = member.profile;
  return (
    <section className="cs-card">
      <h4 className="cs-card__title">{t('console.admin.members.profile')}</h4>
      <div className="cs-admin__photos">
        {profile.photos.map((p, i) => (
          <img
            key={p.id}
            src={p.thumb}
            alt={t('console.context.photo', { n: i + 1, name: profile.name })}
            className="cs-admin__photo"
          />
        ))}
      </div>
      <dl className="cs-admin__facts">
        <dt>{t('console.admin.members.age')}</dt>
        <dd>{profile.age}</dd>
        <dt>{t('console.admin.members.city')}</dt>
        <dd>
          <bdi>{[profile.city, profile.country].filter(Boolean).join(', ') || '—'}</bdi>
        </dd>
        <dt>{t('console.admin.members.language')}</dt>
        <dd>{t(`console.languageName.${profile.language}`)}</dd>
        <dt>{t('console.admin.members.joined')}</dt>
        <dd>{formatTimestamp(member.created_at, language, true)}</dd>
        <dt>{t('console.admin.members.premium')}</dt>
        <dd>
          {member.premium_until
            ? formatTimestamp(member.premium_until, language, true)
            : t('console.admin.members.noPremium')}
        </dd>
      </dl>
      {profile.bio ? (
        <p className="cs-admin__bio">
          <bdi>{profile.bio}</bdi>
        </p>
      ) : null}
    </section>
  );
}
