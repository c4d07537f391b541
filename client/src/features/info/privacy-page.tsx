import { Heading, Text } from '@chakra-ui/react';
import { InfoPage } from './components/info-page';

export default function PrivacyPage() {
  return (
    <InfoPage title="Privacy Policy">
      <Text>
        This policy explains what we collect when you use Shikhon and how we use it. We collect only what we need to
        run your account and your courses.
      </Text>
      <Heading as="h2" size="md">
        What we collect
      </Heading>
      <Text>
        Your name, email address, phone number and date of birth when you sign up; the courses you buy and your
        progress in them; payment records (card details are handled by our card payment provider and never stored
        by us).
      </Text>
      <Heading as="h2" size="md">
        How we use it
      </Heading>
      <Text>
        To give you access to your courses, to send receipts and important account messages, to answer your
        questions and complaints, and to improve our courses. We do not sell your personal data.
      </Text>
      <Heading as="h2" size="md">
        Your choices
      </Heading>
      <Text>
        You can update your profile at any time and ask us to delete your account by contacting us. You can
        unsubscribe from our newsletter with one click.
      </Text>
    </InfoPage>
  );
}
