import { describeCreate } from './shared';

describeCreate('Template');
