import CasinoIcon from '@mui/icons-material/Casino';
import DashboardIcon from '@mui/icons-material/Dashboard';
import DeleteSweepIcon from '@mui/icons-material/DeleteSweep';
import EmojiEventsIcon from '@mui/icons-material/EmojiEvents';
import HowToRegIcon from '@mui/icons-material/HowToReg';
import InsightsIcon from '@mui/icons-material/Insights';
import ManageHistoryIcon from '@mui/icons-material/ManageHistory';
import PeopleIcon from '@mui/icons-material/People';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import SettingsIcon from '@mui/icons-material/Settings';
import ShareIcon from '@mui/icons-material/Share';
import SmsIcon from '@mui/icons-material/Sms';
import StorefrontIcon from '@mui/icons-material/Storefront';
import TwoWheelerIcon from '@mui/icons-material/TwoWheeler';
import TwoWheelerOutlinedIcon from '@mui/icons-material/TwoWheelerOutlined';

/**
 * The menu's icons, by their name in @mui/icons-material: a screen's entry names one
 * (screens/registry.ts). The table names them rather than importing them because it is in the
 * login page's bundle, which carries no icon library; an icon not used yet is added here.
 */
export const MENU_ICONS = {
  Casino: CasinoIcon,
  Dashboard: DashboardIcon,
  DeleteSweep: DeleteSweepIcon,
  EmojiEvents: EmojiEventsIcon,
  HowToReg: HowToRegIcon,
  Insights: InsightsIcon,
  ManageHistory: ManageHistoryIcon,
  People: PeopleIcon,
  ReceiptLong: ReceiptLongIcon,
  Settings: SettingsIcon,
  Share: ShareIcon,
  Sms: SmsIcon,
  Storefront: StorefrontIcon,
  TwoWheeler: TwoWheelerIcon,
  TwoWheelerOutlined: TwoWheelerOutlinedIcon,
};

export type MenuIcon = keyof typeof MENU_ICONS;
