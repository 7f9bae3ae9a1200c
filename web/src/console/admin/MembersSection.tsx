// Members: a search by id, email or name, and the chosen member's page (MemberDetail).
import { useState, type FormEvent } from 'react';
import { useService } from '../context';
import { formatTimestamp } from '../format';
import { useConsoleT, useServiceCall } from '../hooks';
import type { AdminMember } from '../protocol';
import { ErrorLine, Table, TextField } from '../ui';
import { MemberDetail } from './MemberDetail';
import { StatusBadge } from './ui';

export function MembersSection() {
  const { t, language } = useConsoleT();
  const service = useService();
  const [query, setQuery] = useState('');
  const [results, setResults] = useState<AdminMember[] | null>(null);
  const [searched, setSearched] = useState('');
  const [selected, setSelected] = useState<number | null>(null);
  const call = useServiceCall();

  const runSearch = async (text: string) => {
    setSearched(text);
    const outcome = await call.run(() => service.searchMembers(text));
    setResults(outcome.ok ? outcome.value : null);
  };
  const search = (event: FormEvent) => {
    event.preventDefault();
    if (query.trim()) void runSearch(query.trim());
  };

  if (selected !== null) {
    return (
      <MemberDetail
        memberId={selected}
        onBack={() => setSelected(null)}
        onErased={() => void runSearch(searched)}
      />
    );
  }
  return (
    <section className="cs-card cs-admin__card">
      <form className="cs-admin__search" onSubmit={search} role="search">
        <TextField
          className="field cs-grow"
          label={t('console.admin.members.searchLabel')}
          type="search"
          value={query}
          onValue={setQuery}
          placeholder={t('console.admin.members.searchPlaceholder')}
          maxLength={100}
          data-testid="admin-search-input"
        />
        <button
          type="submit"
          className="cs-btn cs-btn--primary"
          disabled={call.busy || !query.trim()}
          data-testid="admin-search-submit"
        >
          {t('console.admin.members.search')}
        </button>
      </form>
      <ErrorLine error={call.error} />
      {results && results.length === 0 ? (
        <p className="cs-muted">{t('console.admin.members.noResults')}</p>
      ) : null}
      {results && results.length > 0 ? (
        <Table
          prefix="console.admin.members"
          columns={['id', 'name', 'email', 'credits', 'joined', 'status']}
          numeric={['credits']}
        >
          {results.map((m) => (
            <tr key={m.id}>
              <td className="cs-num">{m.id}</td>
              <td>
                <button
                  type="button"
                  className="cs-link"
                  onClick={() => setSelected(m.id)}
                  data-testid="admin-result"
                >
                  <bdi>{m.name}</bdi>
                </button>
              </td>
              <td dir="ltr">{m.email}</td>
              <td className="cs-num">{m.credits.toLocaleString(language)}</td>
              <td>{formatTimestamp(m.created_at, language, true)}</td>
              <td>
                <StatusBadge banned={m.banned !== null} />
              </td>
            </tr>
          ))}
        </Table>
      ) : null}
    </section>
  );
}
