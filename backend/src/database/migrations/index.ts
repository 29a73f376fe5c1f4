import { PlatformSchema1763800000000 } from './1763800000000-PlatformSchema';
import { CatalogueSchema1763800001000 } from './1763800001000-CatalogueSchema';
import { GeographyData1763800001500 } from './1763800001500-GeographyData';
import { CampaignSchema1763800002000 } from './1763800002000-CampaignSchema';
import { SalesSchema1763800003000 } from './1763800003000-SalesSchema';
import { TestRideSchema1763800004000 } from './1763800004000-TestRideSchema';
import { SalesReferrerLink1763800004500 } from './1763800004500-SalesReferrerLink';
import { SmsBatch1763800005000 } from './1763800005000-SmsBatch';
import { AuditLog1763800006000 } from './1763800006000-AuditLog';
import { UnlistedFiles1763800008000 } from './1763800008000-UnlistedFiles';
import { TableSpeed1763800009000 } from './1763800009000-TableSpeed';
import { OnePreregistrationPerCustomer1795543327729 } from './1795543327729-OnePreregistrationPerCustomer';
import { RevokedToken1795543360400 } from './1795543360400-RevokedToken';
import { Privacy1795544041987 } from './1795544041987-Privacy';
import { ErasedIdentityKeys1795545000000 } from './1795545000000-ErasedIdentityKeys';
import { Fairness1795546000000 } from './1795546000000-Fairness';
import { BikeModelShowcase1795547000000 } from './1795547000000-BikeModelShowcase';
import { Sharing1795548000000 } from './1795548000000-Sharing';
import { VisitorLanguage1795549000000 } from './1795549000000-VisitorLanguage';
import { SigninCode1795550200000 } from './1795550200000-SigninCode';
import { CodeBudgets1795550100000 } from './1795550100000-CodeBudgets';
import { SmsCapsAndOtherSource1795550300000 } from './1795550300000-SmsCapsAndOtherSource';
import { EnquiryClaims1795550400000 } from './1795550400000-EnquiryClaims';
import { ShortSearch1795550500000 } from './1795550500000-ShortSearch';
import { FairnessChain1795550600000 } from './1795550600000-FairnessChain';
import { NepaliNames1795550700000 } from './1795550700000-NepaliNames';

/** Every migration, in order. Listed explicitly so the same list runs from src (tests) and dist. */
export const MIGRATIONS = [PlatformSchema1763800000000, CatalogueSchema1763800001000, GeographyData1763800001500, CampaignSchema1763800002000, SalesSchema1763800003000, TestRideSchema1763800004000, SalesReferrerLink1763800004500, SmsBatch1763800005000, AuditLog1763800006000, UnlistedFiles1763800008000, TableSpeed1763800009000, OnePreregistrationPerCustomer1795543327729, RevokedToken1795543360400, Privacy1795544041987, ErasedIdentityKeys1795545000000, Fairness1795546000000, BikeModelShowcase1795547000000, Sharing1795548000000, VisitorLanguage1795549000000, CodeBudgets1795550100000, SigninCode1795550200000, SmsCapsAndOtherSource1795550300000, EnquiryClaims1795550400000, ShortSearch1795550500000, FairnessChain1795550600000, NepaliNames1795550700000];
