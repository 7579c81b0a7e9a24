import { describeDelete } from './shared';

describeDelete('Workspace');
