import { useParams } from 'react-router';
import { useAdminBroker, useDeleteBroker, useSaveBroker } from '../admin-api';
import { AdminEditFrame } from '../../../components/AdminEditFrame';
import { BrokerForm, brokerFormValues, toBrokerInput, type BrokerFormValues } from '../components/BrokerForm';
import '../../../components/admin-kit.css';

/** /admin/brokers/add and /admin/brokers/view/:brokerId. */
export function AdminBrokerEditPage() {
  const { brokerId } = useParams();
  const item = useAdminBroker(brokerId);
  const broker = item.data;
  const save = useSaveBroker();
  const del = useDeleteBroker();

  return (
    <AdminEditFrame<BrokerFormValues>
      noun="broker"
      listPath="/admin/brokers"
      listLabel="All brokers"
      id={brokerId}
      item={item}
      heading={
        <div className="d-flex flex-wrap align-items-center gap-2 mb-4">
          <h1 className="h3 fw-bold mb-0 text-break">{brokerId ? (broker ? broker.name : 'Broker') : 'Add broker'}</h1>
          {broker?.disabled ? <span className="badge text-bg-secondary">Disabled</span> : null}
        </div>
      }
      save={(values) => save.mutateAsync({ ...toBrokerInput(values), ...(brokerId ? { _id: brokerId } : {}) })}
      saving={save.isPending}
      remove={() => del.mutateAsync(brokerId ?? '')}
      deleteQuestion={
        <>
          Delete <strong>{broker?.name}</strong>? This cannot be undone.
        </>
      }
    >
      {(form) => <BrokerForm key={broker?._id ?? 'new'} initial={brokerFormValues(broker)} {...form} />}
    </AdminEditFrame>
  );
}
