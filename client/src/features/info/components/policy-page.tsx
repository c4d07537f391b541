import { useInfoT, type InfoKey } from '../texts';
import { InfoPage } from './info-page';

/** A policy written as an introduction and titled sections (terms, privacy), each a catalogue entry. */
export function PolicyPage({ title, intro, sections }: { title: InfoKey; intro: InfoKey; sections: Array<[InfoKey, InfoKey]> }) {
  const t = useInfoT();
  return (
    <InfoPage title={t(title)}>
      <p>{t(intro)}</p>
      {sections.map(([heading, text]) => [
        <h2 key={heading} className="ui-heading info-minor">
          {t(heading)}
        </h2>,
        <p key={text}>{t(text)}</p>,
      ])}
    </InfoPage>
  );
}
