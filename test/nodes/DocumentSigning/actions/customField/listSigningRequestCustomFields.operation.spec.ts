import { describeList } from './owners.twins';

describeList('Signing Request');
