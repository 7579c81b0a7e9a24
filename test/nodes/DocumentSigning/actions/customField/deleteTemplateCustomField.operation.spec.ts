import { describeDelete } from './shared';

describeDelete('Template');
