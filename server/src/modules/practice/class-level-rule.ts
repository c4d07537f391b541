import { optionalWholeNumber, Rule } from '../../shared/validation';
import { validationMessages } from '../../shared/validation-messages';

/** The rule of a `classLevel` argument: a whole class from 1 to 12, or 13 for admission. */
export const levelRule = () => Rule(optionalWholeNumber(validationMessages.wholeNumberRange('classLevel', 1, 13), 1, 13));
