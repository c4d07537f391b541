import { PolicyPage } from './components/policy-page';

export default function TermsPage() {
  return (
    <PolicyPage
      title="info.terms.title"
      intro="info.terms.intro"
      sections={[
        ['info.terms.accountTitle', 'info.terms.account'],
        ['info.terms.coursesTitle', 'info.terms.courses'],
        ['info.terms.paymentsTitle', 'info.terms.payments'],
        ['info.terms.conductTitle', 'info.terms.conduct'],
      ]}
    />
  );
}
