// A member's money as the admin reads it: their payments (each paid one refundable) and the
// newest entries of their credit ledger.
import { canRefund, formatAmount } from '../admin';
import { formatTimestamp } from '../format';
import { useConsoleT } from '../hooks';
import type { AdminMemberDetail, PaymentOrder } from '../protocol';
import { SmallButton, Table } from '../ui';

export function PaymentsCard({
  payments,
  onRefund,
}: {
  payments: readonly PaymentOrder[];
  onRefund: (order: PaymentOrder) => void;
}) {
  const { t, language } = useConsoleT();
  return (
    <section className="cs-card">
      <h4 className="cs-card__title">{t('console.admin.members.payments')}</h4>
      {payments.length === 0 ? (
        <p className="cs-muted">{t('console.admin.members.noPayments')}</p>
      ) : (
        <Table
          prefix="console.admin.members"
          columns={['when', 'order', 'package', 'amount', 'state', '']}
          numeric={['amount']}
        >
          {payments.map((o) => (
            <tr key={o.order_id}>
              <td>{formatTimestamp(o.created_at, language, true)}</td>
              <td dir="ltr">
                <code>{o.order_id}</code>
              </td>
              <td>
                {o.kind === 'credits'
                  ? t('console.admin.members.creditsPackage', {
                      credits: (o.credits + o.bonus).toLocaleString(language),
                    })
                  : t('console.admin.members.premiumPackage', { months: o.months })}
              </td>
              <td className="cs-num">{formatAmount(o, language)}</td>
              <td>{t(`console.admin.orderState.${o.state}`)}</td>
              <td>
                {canRefund(o) ? (
                  <SmallButton
                    label={t('console.admin.members.refund')}
                    onClick={() => onRefund(o)}
                    testId="admin-refund"
                  />
                ) : null}
              </td>
            </tr>
          ))}
        </Table>
      )}
    </section>
  );
}

export function LedgerCard({ ledger, sum }: { ledger: AdminMemberDetail['ledger']; sum: number }) {
  const { t, language } = useConsoleT();
  return (
    <section className="cs-card">
      <h4 className="cs-card__title">
        {t('console.admin.members.ledger')}{' '}
        <span className="cs-muted">
          {t('console.admin.members.ledgerSum', { sum: sum.toLocaleString(language) })}
        </span>
      </h4>
      <Table
        prefix="console.admin.members"
        columns={['when', 'entryReason', 'reference', 'change', 'after']}
        numeric={['change', 'after']}
      >
        {ledger.map((e) => (
          <tr key={e.id}>
            <td>{formatTimestamp(e.time, language, true)}</td>
            <td>
              <code>{e.reason}</code>
            </td>
            <td dir="ltr">{e.reference}</td>
            <td className={`cs-num ${e.delta < 0 ? 'cs-neg' : 'cs-pos'}`} dir="ltr">
              {e.delta > 0
                ? `+${e.delta.toLocaleString(language)}`
                : e.delta.toLocaleString(language)}
            </td>
            <td className="cs-num">{e.balance.toLocaleString(language)}</td>
          </tr>
        ))}
      </Table>
    </section>
  );
}
