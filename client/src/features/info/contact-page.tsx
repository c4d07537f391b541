import { Text } from '@chakra-ui/react';
import { ContactForm } from './components/contact-form';
import { InfoPage } from './components/info-page';

export default function ContactPage() {
  return (
    <InfoPage title="Contact Us">
      <Text>Questions about a course, a payment or your account? Write to us and a teacher or our support team will answer.</Text>
      <ContactForm />
    </InfoPage>
  );
}
