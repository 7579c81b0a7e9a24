import { describeResourceGroup } from '../../../kit/specs';

describeResourceGroup(__dirname, 'CompanyAndWorkspaces');
