import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useLanguage } from '../../../lib/i18n';
import { useInfoT, type InfoKey } from '../texts';
import { formatDigits } from '../../../lib/format';
import { useCarousel } from './use-carousel';
import './team-carousel.css';

export const team: Array<{ name: string; role: InfoKey }> = [
  { name: 'Anisul Hoque', role: 'info.team.role.physics' },
  { name: 'Farhana Rahman', role: 'info.team.role.chemistry' },
  { name: 'Tanvir Ahmed', role: 'info.team.role.programming' },
  { name: 'Nusrat Jahan', role: 'info.team.role.english' },
  { name: 'Rafiqul Islam', role: 'info.team.role.mathematics' },
  { name: 'Sabrina Chowdhury', role: 'info.team.role.design' },
];
/** Numbered placeholder slides follow the team, as on the original page. */
const PLACEHOLDER_SLIDES = 2;
export const SLIDE_SPEED_MS = 500;

export function TeamCarousel() {
  const t = useInfoT();
  const { language } = useLanguage();
  const slideCount = team.length + PLACEHOLDER_SLIDES;
  const carousel = useCarousel(slideCount, 2, 2);
  return (
    <div className="team-carousel" role="region" aria-roledescription={t('info.team.carousel')} aria-label={t('info.about.teamTitle')}>
      <div className="team-carousel-row">
        <button type="button" className="ui-button ui-ghost ui-icon" aria-label={t('info.team.previous')} onClick={carousel.previous}>
          <ChevronLeft />
        </button>
        <div className="team-carousel-window">
          <div
            className="team-carousel-track"
            style={{ transition: `transform ${SLIDE_SPEED_MS}ms ease`, transform: `translateX(-${carousel.firstVisible * 50}%)` }}
            data-testid="carousel-track"
          >
            {Array.from({ length: slideCount }, (_, i) => {
              const member = team[i];
              const visible = i >= carousel.firstVisible && i < carousel.firstVisible + 2;
              return (
                <div key={i} className="team-carousel-slide" aria-hidden={!visible} data-testid="carousel-slide">
                  {member ? (
                    <div className="team-member">
                      <img src={`/media/people/team-${i + 1}.svg`} alt={member.name} width="320" height="240" loading="lazy" />
                      <div>
                        <p className="team-member-name">{member.name}</p>
                        <p className="team-member-role">{t(member.role)}</p>
                      </div>
                    </div>
                  ) : (
                    <div className="team-placeholder">{formatDigits(i + 1, language)}</div>
                  )}
                </div>
              );
            })}
          </div>
        </div>
        <button type="button" className="ui-button ui-ghost ui-icon" aria-label={t('info.team.next')} onClick={carousel.next}>
          <ChevronRight />
        </button>
      </div>
      <div className="team-carousel-stops">
        {Array.from({ length: carousel.stops }, (_, i) => (
          <button
            type="button"
            key={i}
            aria-label={t('info.team.show', { first: i * 2 + 1, second: i * 2 + 2 })}
            aria-current={i === carousel.stop}
            onClick={() => carousel.goTo(i)}
          />
        ))}
      </div>
    </div>
  );
}
