import { useRef, useState, type FormEvent } from 'react';
import { FormError, TextField } from '../../components/form-field';
import { latinDigits } from '../../lib/digits';
import { describeError } from '../../lib/graphql-errors';
import { useT } from '../../lib/i18n';
import type { PaymentProvider } from '../../gql/types';
import { usePurchaseBundleMutation } from './api/bundle.generated';
import '../../styles/ui.css';

/** 01 then 3 to 9, then 8 digits (an optional +88 first), in Bangla or English digits; spaces and dashes allowed. */
const BANGLADESH_MOBILE = /^(?:\+?88)?01[3-9]\d{8}$/;

/**
 * Paying for a bundle in taka on a gateway's page (the way to pay the page picked from
 * paymentOptions: bKash, Nagad, Rocket or a local card): the buyer's mobile number, then off to the
 * gateway, which sends them back to the bundle's page. Plain elements, as the rest of the page (a public page has no Chakra run-time).
 */
export function BundleBuyForm({ bundleId, provider, buyerName, price }: { bundleId: string; provider: PaymentProvider; buyerName: string; price: string }) {
  const t = useT();
  const [phone, setPhone] = useState('');
  const [phoneError, setPhoneError] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [leaving, setLeaving] = useState(false);
  const attemptKey = useRef(crypto.randomUUID());
  const [purchase] = usePurchaseBundleMutation();

  const pay = async (e: FormEvent) => {
    e.preventDefault();
    setProblem(null);
    if (!BANGLADESH_MOBILE.test(latinDigits(phone).replace(/[\s-]/g, ''))) {
      setPhoneError(t('bundle.buy.phoneWrong'));
      return;
    }
    setPhoneError(null);
    setLeaving(true);
    try {
      const { data } = await purchase({
        variables: { input: { bundleId, provider, idempotencyKey: attemptKey.current, billingDetails: { name: buyerName, phone } } },
      });
      const outcome = data!.purchaseBundle;
      if (outcome.status === 'REQUIRES_ACTION' && outcome.redirectURL) {
        window.location.assign(outcome.redirectURL);
        return;
      }
      setLeaving(false);
      setProblem(outcome.message ?? t('bundle.return.failed'));
    } catch (failure) {
      setLeaving(false);
      attemptKey.current = crypto.randomUUID();
      const { message, fields } = describeError(failure, t);
      if (fields.phone) setPhoneError(fields.phone);
      else setProblem(message);
    }
  };

  return (
    <form className="ui-stack" onSubmit={(e) => void pay(e)} noValidate aria-label={t('bundle.buy.form')}>
      <TextField
        label={t('bundle.buy.phone')}
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        required
        placeholder={t('bundle.buy.phoneExample')}
        hint={t('bundle.buy.phoneHelp')}
        error={phoneError}
        value={phone}
        onChange={(e) => setPhone(e.target.value)}
      />
      {problem && <FormError message={problem} />}
      <button type="submit" className="ui-button ui-blue ui-lg" disabled={leaving}>
        {leaving ? t('bundle.buy.opening') : t('bundle.buy.pay', { price })}
      </button>
      <p className="ui-muted">{t('bundle.buy.once', { price })}</p>
    </form>
  );
}
