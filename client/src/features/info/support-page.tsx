import { Heading, Link, List, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '../../lib/paths';
import { ContactForm } from './components/contact-form';
import { InfoPage } from './components/info-page';

export const SUPPORT_PHONE = '+880 9612-345678';
export const SUPPORT_HOURS = 'Saturday to Thursday, 9 AM to 9 PM (Bangladesh time)';

/** How to reach us: the phone line, its hours, and the message form. */
export default function SupportPage() {
  return (
    <InfoPage title="Support">
      <Text>Stuck on a lesson, a payment or your account? Our support team helps students, parents and teachers.</Text>
      <List.Root gap="2" ps="5">
        <List.Item>
          Call us at{' '}
          <Link href={`tel:${SUPPORT_PHONE.replace(/[^+\d]/g, '')}`} color="blue.700">
            {SUPPORT_PHONE}
          </Link>
        </List.Item>
        <List.Item>Hours: {SUPPORT_HOURS}</List.Item>
        <List.Item>Messages sent outside these hours are answered the next working day.</List.Item>
        <List.Item>
          For a refund, read the{' '}
          <Link asChild color="blue.700">
            <RouterLink to={paths.refund}>Refund Policy</RouterLink>
          </Link>{' '}
          first.
        </List.Item>
      </List.Root>
      <Heading as="h2" size="lg">
        Send us a message
      </Heading>
      <ContactForm />
    </InfoPage>
  );
}
