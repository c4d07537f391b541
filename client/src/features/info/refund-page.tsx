import { List, Text } from '@chakra-ui/react';
import { InfoPage } from './components/info-page';

/** The refund policy, as the specification writes it. */
export const refundRules = [
  'A cancelled live course gives a 100% refund within 7-10 working days.',
  'A learner cancelling at least 1 day before the start gets a full refund within 7-10 working days.',
  'Schedule issues must be reported within 2 days of the start. If they cannot be accommodated, there is an 80% refund within 7-10 working days.',
  'No refund once 2 days have passed since the start.',
  'Cancellation is by email or by calling account managers.',
];

export default function RefundPage() {
  return (
    <InfoPage title="Refund Policy">
      <Text>We want you to be happy with every course. These are the rules for refunds:</Text>
      <List.Root gap="3" ps="5">
        {refundRules.map((rule) => (
          <List.Item key={rule}>{rule}</List.Item>
        ))}
      </List.Root>
    </InfoPage>
  );
}
