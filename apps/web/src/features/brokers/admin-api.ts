import type { Broker, BrokerInputRaw } from '@roundup/shared/brokers';
import { adminCrud } from '../../lib/admin-crud';

/** The admin broker screens' hooks: every broker (disabled ones too), one broker, save and delete. */
const brokers = adminCrud<Broker, BrokerInputRaw>({ one: 'broker', many: 'brokers', publicKey: 'brokers', listQuery: '?all=1' });

export const useAdminBrokers = brokers.useList;
export const useAdminBroker = brokers.useOne;
export const useSaveBroker = brokers.useSave;
export const useDeleteBroker = brokers.useDelete;
