import { Heading, Text } from '@chakra-ui/react';
import { InfoPage } from './components/info-page';
import { TeamCarousel } from './components/team-carousel';

export default function AboutPage() {
  return (
    <InfoPage title="About Us">
      <Heading as="h2" size="lg">
        Our story
      </Heading>
      <Text>
        Shikhon began in a small room in Dhaka with one teacher, one camera and a simple idea: every student in
        Bangladesh deserves the best teachers, wherever they live. Today learners from every district study school
        subjects from class 1 to 12 and professional skills with us, on a computer or on a phone over a slow
        connection.
      </Text>
      <Heading as="h2" size="lg">
        Our foundation
      </Heading>
      <Text>
        We are built on three promises: lessons that follow the national curriculum and real job needs, prices a
        family can afford, and support from real teachers when a learner is stuck. Every course is reviewed by
        experienced teachers before it is published.
      </Text>
      <Heading as="h2" size="lg">
        Our team
      </Heading>
      <TeamCarousel />
    </InfoPage>
  );
}
