import { describeDelete } from './owners.twins';

describeDelete('Workspace');
