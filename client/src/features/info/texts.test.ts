import { describeFeatureTexts } from '../../test/feature-texts';

describeFeatureTexts("the info pages' texts", __dirname, 'info', ['components']);
