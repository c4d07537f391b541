import { BadgeCheck, ShieldX } from 'lucide-react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { EmptyState, ErrorState, FullScreenLoading } from '../../components/states';
import { formatDate } from '../../lib/format';
import { paths } from '../../lib/paths';
import { useCertificatePageQuery } from './api/certificate.generated';
import { useLanguage, useT, type MessageKey } from '../../lib/i18n';
import '../../styles/ui.css';
import './certificate-page.css';

/**
 * /certificate/{number}: anyone can check a certificate; it names the student and course, never their
 * email or phone. Drawn on the server with plain elements (no style system), so it works without scripts.
 */
export default function CertificatePage() {
  const t = useT();
  const { language } = useLanguage();
  const { number = '' } = useParams();
  const { data, loading, error, refetch } = useCertificatePageQuery({ variables: { number }, fetchPolicy: 'cache-and-network' });
  if (loading && !data) return <FullScreenLoading />;
  if (error && !data) return <ErrorState onRetry={() => void refetch()} />;
  const certificate = data?.certificate;
  if (!certificate) {
    return (
      <EmptyState>
        <h1 className="ui-heading ui-heading-xl">{t('certificate.notFound')}</h1>
        <p>{t('certificate.notFoundText', { number })}</p>
        <RouterLink className="ui-button ui-blue" to={paths.allCourses}>
          {t('certificate.seeAllCourses')}
        </RouterLink>
      </EmptyState>
    );
  }
  const valid = !certificate.revoked;
  return (
    <div className="ui-container ui-page certificate-page">
      <div className="ui-card">
        <div className="ui-stack certificate-body">
          <div className="certificate-status" role="status" data-testid="certificate-status">
            <span className={valid ? 'certificate-valid' : 'certificate-revoked'}>
              {valid ? <BadgeCheck size={36} aria-hidden /> : <ShieldX size={36} aria-hidden />}
            </span>
            <div>
              <h1 className="ui-heading ui-heading-xl">{t(valid ? 'certificate.valid' : 'certificate.revoked')}</h1>
              <p className="ui-muted">{t('certificate.of')}</p>
            </div>
            <span className={`ui-badge ui-lg ${valid ? 'ui-green' : 'ui-red'}`}>{t(valid ? 'certificate.validBadge' : 'certificate.revokedBadge')}</span>
          </div>
          {!valid && <p className="certificate-revoked">{t('certificate.revokedText')}</p>}
          <dl className="certificate-facts">
            {(
              [
                ['certificate.student', certificate.studentName],
                ['certificate.course', certificate.course],
                ['certificate.instructor', certificate.instructor],
                ['certificate.completedOn', formatDate(certificate.issuedAt, language)],
                ['certificate.number', certificate.number],
              ] satisfies Array<[MessageKey, string]>
            ).map(([label, value]) => (
              <div key={label}>
                <dt>{t(label)}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
        </div>
      </div>
    </div>
  );
}
