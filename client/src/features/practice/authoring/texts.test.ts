import { describeFeatureTexts } from '../../../test/feature-texts';

describeFeatureTexts("the authoring pages' texts", __dirname, 'authoring');
