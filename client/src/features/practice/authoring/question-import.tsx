import { Alert, Box, Button, Heading, HStack, Stack, Table, Text } from '@chakra-ui/react';
import { useRef, useState } from 'react';
import { formatDigits } from '../../../lib/format';
import { describeError } from '../../../lib/graphql-errors';
import { useLanguage } from '../../../lib/i18n';
import { useAuthoringT } from './texts';
import { useImportQuestionsMutation, useQuestionImportTemplateQuery, type ImportQuestionsMutation } from '../api/authoring.generated';

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

/** A file's text, read as UTF-8. */
function readText(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : '');
    reader.onerror = () => reject(reader.error ?? new Error('unreadable file'));
    reader.readAsText(file, 'utf-8');
  });
}

/** CSV import into a bank: the template to download, a file to upload, and what the import did, row by row. */
export function QuestionImport({ courseId, onImported }: { courseId: string | null; onImported: () => void }) {
  const t = useAuthoringT();
  const { language } = useLanguage();
  const template = useQuestionImportTemplateQuery();
  const [importQuestions, { loading }] = useImportQuestionsMutation();
  const [report, setReport] = useState<ImportQuestionsMutation['importQuestions'] | null>(null);
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
    try {
      const csv = await readText(file);
      const result = await importQuestions({ variables: { csv, courseId } });
      if (result.data) {
        setReport(result.data.importQuestions);
        if (result.data.importQuestions.imported > 0) onImported();
      }
    } catch (error) {
      setFailure(describeError(error, t).message);
    } finally {
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
            {t('authoring.import.summary', { imported: n(report.imported), unchanged: n(report.unchanged), problems: n(report.problems.length) })}
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
