// ant-design-pro's « Query table » page in shape: a search form, a toolbar, a selectable ProTable of 25 rows asked
// from `/api/rule` (answered at once by the bench's server).
import { PageContainer, type ProColumns, ProTable } from '@ant-design/pro-components';
import { Button } from 'antd';

interface Rule {
  key: number;
  name: string;
  desc: string;
  callNo: number;
  status: '0' | '1' | '2' | '3';
  updatedAt: string;
}

const columns: ProColumns<Rule>[] = [
  { title: 'Rule name', dataIndex: 'name', render: (dom) => <a href="#rule">{dom}</a> },
  { title: 'Description', dataIndex: 'desc', valueType: 'textarea' },
  { title: 'Number of service calls', dataIndex: 'callNo', sorter: true, hideInForm: true },
  {
    title: 'Status',
    dataIndex: 'status',
    valueEnum: {
      0: { text: 'Shut down', status: 'Default' },
      1: { text: 'Running', status: 'Processing' },
      2: { text: 'Online', status: 'Success' },
      3: { text: 'Abnormal', status: 'Error' },
    },
  },
  { title: 'Last scheduled at', dataIndex: 'updatedAt', valueType: 'dateTime', sorter: true },
  {
    title: 'Operating',
    valueType: 'option',
    render: () => [
      <a key="config" href="#config">
        Configuration
      </a>,
      <a key="subscribe" href="#subscribe">
        Subscribe to alerts
      </a>,
    ],
  },
];

async function rules(params: { current?: number; pageSize?: number }) {
  const response = await fetch(`/api/rule?current=${params.current ?? 1}&pageSize=${params.pageSize ?? 25}`);
  return response.json();
}

export default function TableList() {
  return (
    <PageContainer>
      <ProTable<Rule>
        headerTitle="Enquiry form"
        rowKey="key"
        search={{ labelWidth: 120 }}
        toolBarRender={() => [
          <Button type="primary" key="new">
            New
          </Button>,
        ]}
        request={rules}
        columns={columns}
        rowSelection={{}}
        pagination={{ pageSize: 25 }}
      />
    </PageContainer>
  );
}
