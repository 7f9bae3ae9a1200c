// The admin area (docs/protocol.md "Admin: members, reports and staff"): one tab per section.
// Every change asks for a reason or a confirmation first; the server audits it.
import { useState, type ComponentType } from 'react';
import { MembersSection } from './admin/MembersSection';
import { ReportsSection } from './admin/ReportsSection';
import { StaffSection } from './admin/StaffSection';
import { PersonasSection } from './PersonasView';
import { useConsoleT } from './hooks';
import { PressedButtons } from './ui';

/** The sections, in tab order. A section's tab reads `console.admin.section.<id>` and has the
 *  test id `admin-section-<id>`. */
const SECTIONS = [
  { id: 'members', View: MembersSection },
  { id: 'reports', View: ReportsSection },
  { id: 'staff', View: StaffSection },
  { id: 'personas', View: PersonasSection },
] as const satisfies readonly { id: string; View: ComponentType }[];

type SectionId = (typeof SECTIONS)[number]['id'];

export function AdminView() {
  const { t } = useConsoleT();
  const [shown, setShown] = useState<SectionId>(SECTIONS[0].id);
  const section = SECTIONS.find((s) => s.id === shown) ?? SECTIONS[0];
  return (
    <main className="cs-report cs-admin" data-testid="admin-view">
      <div className="cs-report__head">
        <h2 className="cs-panel-title">{t('console.admin.title')}</h2>
        <PressedButtons
          as="nav"
          options={SECTIONS.map((s) => s.id)}
          value={shown}
          onChange={setShown}
          label={t('console.admin.sections')}
          labelOf={(id) => t(`console.admin.section.${id}`)}
          className="cs-segmented"
          buttonClassName="cs-segmented__btn"
          testId={(id) => `admin-section-${id}`}
        />
      </div>
      <section.View />
    </main>
  );
}
