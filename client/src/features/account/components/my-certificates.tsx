import { Badge, Button, Heading, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { Download } from 'lucide-react';
import { Link as RouterLink } from 'react-router-dom';
import { formatDate } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { useMyCertificatesQuery } from '../api/certificates.generated';
import { useLanguage, useT } from '../../../lib/i18n';

/** The student's certificates on their profile, each to open or download again. */
export function MyCertificates() {
  const t = useT();
  const { language } = useLanguage();
  const { data } = useMyCertificatesQuery({ fetchPolicy: 'cache-and-network' });
  const certificates = data?.myCertificates ?? [];
  return (
    <Stack as="section" aria-labelledby="my-certificates" gap="3">
      <Heading as="h2" id="my-certificates" size="lg">
        {t('certificate.mine')}
      </Heading>
      {certificates.length === 0 ? (
        <Text color="gray.600">{t('certificate.noneYet')}</Text>
      ) : (
        <Stack as="ul" gap="3" listStyleType="none">
          {certificates.map((certificate) => (
            <HStack as="li" key={certificate.number} gap="3" wrap="wrap" borderWidth="1px" borderRadius="md" p="3" data-testid="my-certificate">
              <Stack gap="0" flex="1" minW="200px">
                <Text fontWeight="semibold">{certificate.course}</Text>
                <Text fontSize="sm" color="gray.600">
                  {formatDate(certificate.issuedAt, language)} ·{' '}
                  <Link asChild color="blue.700">
                    <RouterLink to={paths.certificate(certificate.number)}>{certificate.number}</RouterLink>
                  </Link>
                </Text>
              </Stack>
              {certificate.revoked ? (
                <Badge colorPalette="red">{t('certificate.revokedBadge')}</Badge>
              ) : (
                <HStack gap="3" wrap="wrap">
                  <Button asChild size="sm" variant="outline" colorPalette="blue">
                    <a href={certificate.pdfURL} download>
                      <Download size={16} aria-hidden /> {t('certificate.download')}
                    </a>
                  </Button>
                  {/* The same certificate in the other language, for an employer or a school abroad. */}
                  <Link href={language === 'bn' ? certificate.englishPdfURL : certificate.banglaPdfURL} download fontSize="sm" color="blue.700">
                    {t('certificate.downloadOther')}
                  </Link>
                </HStack>
              )}
            </HStack>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
