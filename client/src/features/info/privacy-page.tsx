import { PolicyPage } from './components/policy-page';

export default function PrivacyPage() {
  return (
    <PolicyPage
      title="info.privacy.title"
      intro="info.privacy.intro"
      sections={[
        ['info.privacy.collectTitle', 'info.privacy.collect'],
        ['info.privacy.useTitle', 'info.privacy.use'],
        ['info.privacy.choicesTitle', 'info.privacy.choices'],
      ]}
    />
  );
}
