import { Alert, Box, Button, Heading, HStack, Stack, Table, Text } from '@chakra-ui/react';
import { useRef, useState } from 'react';
import { formatDigits } from '../../../lib/format';
import { useLanguage } from '../../../lib/i18n';
import { useAuthoringT } from './texts';
import { useSession } from '../../../lib/session-context';
import { useQuestionImportTemplateQuery } from '../api/authoring.generated';

const TEMPLATE_FILE = 'shikhon-questions-template.csv';
/** The server takes at most 500 rows; a file far larger than that is refused before it is read. */
const MAX_FILE_BYTES = 2 * 1024 * 1024;

/** Saves `text` as a file the browser downloads (UTF-8 with a BOM, so spreadsheet programs read Bangla right). */
function download(text: string, name: string) {
  const url = URL.createObjectURL(new Blob(['\uFEFF', text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

interface ImportReport {
  imported: number;
  updated: number;
  unchanged: number;
  problems: Array<{ line: number; reason: string }>;
}

/**
 * Sends the file as it is (POST /api/questions/import): the server tells its encoding from its bytes
 * and refuses one it cannot read, in the page's language.
 */
async function sendFile(file: File, courseId: string | null, token: string | null): Promise<{ report: ImportReport } | { message: string | null }> {
  const address = courseId ? `/api/questions/import?courseId=${encodeURIComponent(courseId)}` : '/api/questions/import';
  const res = await fetch(address, {
    method: 'POST',
    headers: { 'content-type': 'text/csv', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: file,
  });
  const body = (await res.json().catch(() => ({}))) as ImportReport & { message?: string };
  return res.ok ? { report: body } : { message: body.message ?? null };
}

/** CSV import into a bank: the template to download, a file to upload, and what the import did, row by row. */
export function QuestionImport({ courseId, onImported }: { courseId: string | null; onImported: () => void }) {
  const t = useAuthoringT();
  const { language } = useLanguage();
  const template = useQuestionImportTemplateQuery();
  const { session } = useSession();
  const [loading, setLoading] = useState(false);
  const [report, setReport] = useState<ImportReport | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [fileName, setFileName] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const n = (value: number) => formatDigits(value, language);

  const upload = async (file: File) => {
    setReport(null);
    setFailure(null);
    setFileName(file.name);
    if (file.size > MAX_FILE_BYTES) {
      setFailure(t('authoring.import.tooLarge'));
      return;
    }
    setLoading(true);
    try {
      const result = await sendFile(file, courseId, session.getToken());
      if ('report' in result) {
        setReport(result.report);
        if (result.report.imported > 0) onImported();
      } else setFailure(result.message ?? t('common.noConnection'));
    } catch {
      setFailure(t('common.noConnection'));
    } finally {
      setLoading(false);
      if (input.current) input.current.value = '';
    }
  };

  return (
    <Stack as="section" gap="3" borderWidth="1px" borderRadius="md" p="4" aria-labelledby="csv-import">
      <Heading as="h2" size="md" id="csv-import">
        {t('authoring.import.title')}
      </Heading>
      <Text fontSize="sm" color="gray.600">
        {t('authoring.import.help')}
      </Text>
      <HStack gap="3" flexWrap="wrap">
        <Button
          variant="outline"
          size="sm"
          disabled={!template.data}
          onClick={() => template.data && download(template.data.questionImportTemplate, TEMPLATE_FILE)}
        >
          {t('authoring.import.template')}
        </Button>
        <Button size="sm" colorPalette="blue" loading={loading} onClick={() => input.current?.click()}>
          {t('authoring.import.choose')}
        </Button>
        <input
          ref={input}
          type="file"
          accept=".csv,text/csv"
          hidden
          aria-label={t('authoring.import.file')}
          onChange={(e) => {
            const file = e.currentTarget.files?.[0];
            if (file) void upload(file);
          }}
        />
      </HStack>
      {template.error && (
        <Text fontSize="sm" color="red.600">
          {t('authoring.import.templateFailed')}
        </Text>
      )}
      {failure && (
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Title>{failure}</Alert.Title>
        </Alert.Root>
      )}
      {report && (
        <Box data-testid="import-report" role="status">
          {fileName && (
            <Text fontSize="sm" color="gray.600">
              {fileName}
            </Text>
          )}
          <Text fontWeight="semibold" data-testid="import-summary">
            {t('authoring.import.summary', {
              imported: n(report.imported),
              updated: n(report.updated),
              unchanged: n(report.unchanged),
              problems: n(report.problems.length),
            })}
          </Text>
          {report.problems.length > 0 && (
            <Table.Root size="sm" mt="2">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader width="5rem">{t('authoring.import.line')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('authoring.import.reason')}</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {report.problems.map((problem) => (
                  <Table.Row key={problem.line} data-testid="import-problem">
                    <Table.Cell>{n(problem.line)}</Table.Cell>
                    <Table.Cell>{problem.reason}</Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          )}
        </Box>
      )}
    </Stack>
  );
}
