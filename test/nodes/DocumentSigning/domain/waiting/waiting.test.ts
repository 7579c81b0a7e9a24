import { describeSpecs } from '../../../../kit/specs';

describeSpecs(__dirname);
