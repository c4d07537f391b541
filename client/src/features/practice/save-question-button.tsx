import { Button } from '@chakra-ui/react';
import { useState } from 'react';
import { describeError } from '../../lib/graphql-errors';
import { useT } from '../../lib/i18n';
import { toaster } from '../../lib/toaster';
import { useSaveQuestionMutation, useUnsaveQuestionMutation } from './api/practice.generated';

/** Saves an answered question to practise it again (সংরক্ষিত প্রশ্ন), or takes it off: a toggle. */
export function SaveQuestionButton({ questionId, saved: savedAtFirst }: { questionId: string; saved: boolean }) {
  const t = useT();
  const [saved, setSaved] = useState(savedAtFirst);
  const [save, saving] = useSaveQuestionMutation();
  const [unsave, unsaving] = useUnsaveQuestionMutation();
  const toggle = async () => {
    try {
      if (saved) await unsave({ variables: { questionId } });
      else await save({ variables: { questionId } });
      setSaved(!saved);
    } catch (failure) {
      toaster.create({ type: 'error', title: describeError(failure, t).message });
    }
  };
  return (
    <Button
      size="sm"
      variant={saved ? 'subtle' : 'outline'}
      colorPalette={saved ? 'yellow' : 'gray'}
      aria-pressed={saved}
      loading={saving.loading || unsaving.loading}
      onClick={() => void toggle()}
      data-testid="save-question"
    >
      {saved ? `★ ${t('practice.self.savedOn')}` : `☆ ${t('practice.self.save')}`}
    </Button>
  );
}
