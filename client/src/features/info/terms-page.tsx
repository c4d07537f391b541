import { Heading, Text } from '@chakra-ui/react';
import { InfoPage } from './components/info-page';

export default function TermsPage() {
  return (
    <InfoPage title="Terms and Condition">
      <Text>By creating an account or buying a course on Shikhon you agree to these terms.</Text>
      <Heading as="h2" size="md">
        Your account
      </Heading>
      <Text>
        Keep your password secret and give true information when you sign up. One account is for one learner;
        sharing an account with others is not allowed.
      </Text>
      <Heading as="h2" size="md">
        Courses and content
      </Heading>
      <Text>
        When you buy a course you get personal access to its lessons. The videos and materials belong to Shikhon
        and its instructors and may not be copied, shared or sold.
      </Text>
      <Heading as="h2" size="md">
        Payments and refunds
      </Heading>
      <Text>Prices are shown in US dollars and charged by card. Refunds follow our Refund Policy.</Text>
      <Heading as="h2" size="md">
        Conduct
      </Heading>
      <Text>Be respectful in reviews, blogs and messages. We may remove content or close accounts that break these terms.</Text>
    </InfoPage>
  );
}
