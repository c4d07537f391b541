import { Alert, Box, Button, Card, Field, Heading, Input, SimpleGrid, Text } from '@chakra-ui/react';
import { Smartphone } from 'lucide-react';
import { useRef, useState, type FormEvent } from 'react';
import { formatTaka } from '../../../lib/format';
import { describeError } from '../../../lib/graphql-errors';
import { messages } from '../../../lib/messages';
import { toaster } from '../../../lib/toaster';
import { usePurchaseCourseMutation } from '../api/checkout.generated';

/** 01 then 3 to 9, then 8 digits (an optional +88 first); spaces and dashes allowed. */
const BANGLADESH_MOBILE = /^(?:\+?88)?01[3-9]\d{8}$/;

interface LocalPaymentFormProps {
  course: { id: string; priceBDT: number };
  buyer: { name: string; email: string };
  testMode: boolean;
}

/**
 * Paying in taka through SSLCommerz: only name, email and a Bangladeshi mobile number are asked;
 * the buyer then chooses bKash, Nagad, Rocket or a card on SSLCommerz's own page and comes back.
 */
export function LocalPaymentForm({ course, buyer, testMode }: LocalPaymentFormProps) {
  const [name, setName] = useState(buyer.name);
  const [email, setEmail] = useState(buyer.email);
  const [phone, setPhone] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [leaving, setLeaving] = useState(false);
  const attemptKey = useRef(crypto.randomUUID());
  const [purchase] = usePurchaseCourseMutation();
  const price = formatTaka(course.priceBDT);

  const pay = async (e: FormEvent) => {
    e.preventDefault();
    const wrong: Record<string, string> = {};
    if (!name.trim()) wrong.name = 'Required';
    if (!BANGLADESH_MOBILE.test(phone.replace(/[\s-]/g, ''))) wrong.phone = 'Enter a Bangladeshi mobile number, like 01712-345678';
    setErrors(wrong);
    if (Object.keys(wrong).length > 0) return;
    setLeaving(true);
    try {
      const { data } = await purchase({
        variables: {
          input: { courseId: course.id, provider: 'SSLCOMMERZ', idempotencyKey: attemptKey.current, billingDetails: { name, email: email || null, phone } },
        },
      });
      const outcome = data!.purchaseCourse;
      if (outcome.status === 'REQUIRES_ACTION' && outcome.redirectURL) {
        window.location.assign(outcome.redirectURL);
        return;
      }
      setLeaving(false);
      toaster.create({ title: messages.paymentFailed, description: outcome.message ?? undefined, type: 'error', duration: 4000 });
    } catch (failure) {
      setLeaving(false);
      attemptKey.current = crypto.randomUUID();
      const { message, fields } = describeError(failure);
      if (Object.keys(fields).length > 0) setErrors(fields);
      else toaster.create({ title: messages.paymentFailed, description: message, type: 'error', duration: 4000 });
    }
  };

  return (
    <Card.Root>
      <form onSubmit={(e) => void pay(e)} noValidate aria-label="Pay with bKash, Nagad, Rocket or card">
        <Card.Body gap="5">
          <Heading as="h2" size="md" display="flex" alignItems="center" gap="2">
            <Smartphone aria-hidden /> bKash, Nagad, Rocket or card
          </Heading>
          {testMode && (
            <Alert.Root status="info">
              <Alert.Indicator />
              <Box>
                <Alert.Title>Sandbox: no real money moves.</Alert.Title>
                <Alert.Description>On the next page, choose any method and press Pay, Fail or Cancel.</Alert.Description>
              </Box>
            </Alert.Root>
          )}
          <SimpleGrid columns={{ base: 1, sm: 2 }} gap="3">
            <Field.Root required invalid={Boolean(errors.name)}>
              <Field.Label>Your name</Field.Label>
              <Input autoComplete="name" value={name} onChange={(e) => setName(e.target.value)} />
              <Field.ErrorText>{errors.name}</Field.ErrorText>
            </Field.Root>
            <Field.Root invalid={Boolean(errors.email)}>
              <Field.Label>Email for the receipt</Field.Label>
              <Input type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
              <Field.ErrorText>{errors.email}</Field.ErrorText>
            </Field.Root>
          </SimpleGrid>
          <Field.Root required invalid={Boolean(errors.phone)}>
            <Field.Label>Mobile number</Field.Label>
            <Input type="tel" inputMode="tel" autoComplete="tel" placeholder="01712-345678" value={phone} onChange={(e) => setPhone(e.target.value)} />
            <Field.HelperText>The bKash, Nagad or Rocket number you pay from, or your phone for a card.</Field.HelperText>
            <Field.ErrorText>{errors.phone}</Field.ErrorText>
          </Field.Root>
          <Button type="submit" colorPalette="pink" size="lg" minH="48px" disabled={leaving}>
            {leaving ? 'Opening the payment page...' : `Pay ${price}`}
          </Button>
          <Text fontSize="sm" color="gray.600">
            You pay {price} once on SSLCommerz&apos;s secure page, then come back here. The course is yours as soon as the payment is confirmed.
          </Text>
        </Card.Body>
      </form>
    </Card.Root>
  );
}
