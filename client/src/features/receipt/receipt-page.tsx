import { useCallback, useEffect, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { EmptyState, ErrorState, FullScreenLoading } from '../../components/states';
import { useT } from '../../lib/i18n';
import { paths } from '../../lib/paths';
import { useSession } from '../../lib/session-context';
import { readReceipt, saveReceiptPdf, type ReceiptAnswer } from './receipt-files';
import '../../styles/ui.css';
import './receipt-page.css';

/**
 * /receipts/{id}: a payment's receipt as the server draws it (in the buyer's language, plain HTML,
 * every value escaped by the server), for its buyer and admins: the server answers anyone else
 * "not found". Print and Download PDF beside it; printing shows the receipt alone.
 */
export default function ReceiptPage() {
  const t = useT();
  const { id = '' } = useParams();
  const { session } = useSession();
  const [answer, setAnswer] = useState<ReceiptAnswer | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [downloadFailed, setDownloadFailed] = useState(false);

  useEffect(() => {
    let current = true;
    setAnswer(null);
    void readReceipt(id, session.getToken()).then((read) => current && setAnswer(read));
    return () => {
      current = false;
    };
  }, [id, session, attempt]);

  const download = useCallback(async () => {
    setDownloadFailed(!(await saveReceiptPdf(id, session.getToken())));
  }, [id, session]);

  if (!answer) return <FullScreenLoading />;
  if (answer.kind === 'failed') return <ErrorState onRetry={() => setAttempt((n) => n + 1)} />;
  if (answer.kind === 'notFound') {
    return (
      <EmptyState>
        <h1 className="ui-heading ui-heading-xl">{t('receipt.notFound')}</h1>
        <p>{t('receipt.notFoundText')}</p>
        <RouterLink className="ui-button ui-blue" to={paths.myProfile}>
          {t('receipt.myPayments')}
        </RouterLink>
      </EmptyState>
    );
  }
  return (
    <div className="ui-container ui-page receipt-page">
      <div className="receipt-tools">
        <button type="button" className="ui-button ui-blue" onClick={() => window.print()}>
          {t('receipt.print')}
        </button>
        <button type="button" className="ui-button ui-outline ui-blue" onClick={() => void download()}>
          {t('receipt.download')}
        </button>
        <RouterLink className="ui-link" to={paths.myProfile}>
          {t('receipt.myPayments')}
        </RouterLink>
      </div>
      {downloadFailed && (
        <p className="ui-alert ui-red" role="alert">
          {t('receipt.downloadFailed')}
        </p>
      )}
      {/* The server's own drawing: every value in it is escaped by the server (modules/payment/receipt-document.ts). */}
      <div className="receipt-drawn" dangerouslySetInnerHTML={{ __html: answer.html }} />
    </div>
  );
}
