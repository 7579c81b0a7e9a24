import { describeList } from './shared';

describeList('Template');
