// /register: the nine-step flow (registerFlows.ts) in the logged-out frame.
import type { ReactNode } from 'react';
import { AuthLayout } from './AuthLayout';
import { FLOWS } from './registerFlows';
import { RegisterFlow } from './RegisterFlow';
import './RegisterPage.css';

function RegisterFrame({ children, testId }: { children: ReactNode; testId: string }) {
  return (
    <AuthLayout wide testId={testId}>
      {children}
    </AuthLayout>
  );
}

export default function RegisterPage() {
  return <RegisterFlow flow={FLOWS.register} frame={RegisterFrame} />;
}
