import { describeList } from './owners.twins';

describeList('Template');
