import { describeDelete } from './owners.twins';

describeDelete('Template');
