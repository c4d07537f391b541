import { Link, List, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '../../lib/paths';
import { InfoPage } from './components/info-page';

/** A short page about working with us. */
export default function CareerPage() {
  return (
    <InfoPage title="Career">
      <Text>
        Shikhon brings good teaching to students all over Bangladesh. We look for people who care about learners as much
        as we do.
      </Text>
      <List.Root gap="2" ps="5">
        <List.Item>Teachers for classes 1 to 12 and for professional skills, who record lessons from home.</List.Item>
        <List.Item>Support staff who answer students and parents by phone and message.</List.Item>
        <List.Item>Developers and designers who make learning work on every phone.</List.Item>
      </List.Root>
      <Text>
        No opening is listed right now. To teach with us, sign up as an instructor; for anything else,{' '}
        <Link asChild color="blue.700">
          <RouterLink to={paths.contact}>write to us</RouterLink>
        </Link>{' '}
        with a few words about yourself.
      </Text>
    </InfoPage>
  );
}
