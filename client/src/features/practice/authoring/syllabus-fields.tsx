import { Field, NativeSelect } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useLanguage } from '../../../lib/i18n';
import { useAuthoringT } from './texts';
import { ADMISSION_LEVEL, LEVELS, subjectName } from '../practice-labels';
import { paperKey } from '../chapter-paper';
import { DIFFICULTIES } from './question-form';
import type { Difficulty } from '../../../gql/types';

export interface SubjectChoice {
  id: string;
  nameBn: string;
  nameEn: string;
}

export interface ChapterChoice extends SubjectChoice {
  classLevel: number;
  /** 1 or 2 for a chapter of a two-paper HSC subject. */
  paper?: number | null;
}

/** "Class 9" / "নবম শ্রেণি"-style names of the class levels, admission for 13. */
export function useLevelName() {
  const t = useAuthoringT();
  return (level: number) => (level === ADMISSION_LEVEL ? t('practice.admission') : t('practice.classN', { level }));
}

interface SelectFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** The first choice, meaning "none" or "all" ('' as its value); left out, no such choice. */
  blank?: string;
  error?: string;
  required?: boolean;
  disabled?: boolean;
  children: ReactNode;
}

/** A labelled native select, with its problem under it: what phones show best. */
export function SelectField({ label, value, onChange, blank, error, required, disabled, children }: SelectFieldProps) {
  return (
    <Field.Root invalid={Boolean(error)} required={required} disabled={disabled}>
      <Field.Label>{label}</Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field value={value} onChange={(e) => onChange(e.currentTarget.value)}>
          {blank !== undefined && <option value="">{blank}</option>}
          {children}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      {error && <Field.ErrorText>{error}</Field.ErrorText>}
    </Field.Root>
  );
}

export function LevelOptions() {
  const levelName = useLevelName();
  return (
    <>
      {LEVELS.map((level) => (
        <option key={level} value={level}>
          {levelName(level)}
        </option>
      ))}
    </>
  );
}

export function SubjectOptions({ subjects }: { subjects: readonly SubjectChoice[] }) {
  const { language } = useLanguage();
  return (
    <>
      {subjects.map((subject) => (
        <option key={subject.id} value={subject.id}>
          {subjectName(subject, language)}
        </option>
      ))}
    </>
  );
}

export function ChapterOptions({ chapters }: { chapters: readonly ChapterChoice[] }) {
  const { language } = useLanguage();
  const t = useAuthoringT();
  return (
    <>
      {chapters.map((chapter) => {
        const paper = paperKey(chapter.paper);
        const name = language === 'bn' ? chapter.nameBn : chapter.nameEn;
        return (
          <option key={chapter.id} value={chapter.id}>
            {paper ? `${name} · ${t(paper)}` : name}
          </option>
        );
      })}
    </>
  );
}

export function DifficultyOptions() {
  const t = useAuthoringT();
  return (
    <>
      {DIFFICULTIES.map((difficulty) => (
        <option key={difficulty} value={difficulty}>
          {t(`authoring.difficulty.${difficulty}`)}
        </option>
      ))}
    </>
  );
}

export const difficultyKey = (difficulty: Difficulty) => `authoring.difficulty.${difficulty}` as const;
