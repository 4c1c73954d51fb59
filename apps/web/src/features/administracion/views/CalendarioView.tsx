import { LeftOutlined, PlusOutlined, RightOutlined } from '@ant-design/icons';
import {
  Alert,
  Button,
  Card,
  DatePicker,
  Empty,
  Flex,
  Form,
  Grid,
  Input,
  Select,
  Table,
  Typography,
  type TableColumnsType,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import type { Festivo } from '@ecodigital/contracts/plazos';
import {
  AMBITO_FESTIVO_ETIQUETAS,
  AMBITOS_FESTIVO,
  LIMITES_PLAZO,
  type AmbitoFestivo,
} from '@ecodigital/contracts/plazos.rules';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { PageHeader } from '../../../components/PageHeader';
import { diaEs } from '../../../components/Vencimiento';
import { reglasTexto, textoNormalizado } from '../../../lib/text-rules';
import { useEnvio } from '../../../lib/use-envio';
import { useBorrarFestivo, useCrearFestivo, useFestivos } from '../api/plazos';
import { matchesOption } from '../../../lib/option-match';
import './administracion.css';

const DIAS_SEMANA = ['domingo', 'lunes', 'martes', 'miércoles', 'jueves', 'viernes', 'sábado'];
const diaSemana = (fecha: string) => DIAS_SEMANA[new Date(`${fecha}T00:00:00Z`).getUTCDay()];

interface NuevoFestivo {
  fecha?: Dayjs;
  nombre?: string;
  ambito?: AmbitoFestivo;
}

function NuevoFestivoForm({ anio }: { anio: number }) {
  const [form] = Form.useForm<NuevoFestivo>();
  const crear = useCrearFestivo();
  const { enviando, enviar } = useEnvio();

  async function submit(valores: NuevoFestivo) {
    const { ok } = await enviar(() =>
      crear.mutateAsync({
        fecha: valores.fecha!.format('YYYY-MM-DD'),
        nombre: textoNormalizado(valores.nombre) ?? '',
        ambito: valores.ambito!,
      }),
    );
    if (ok) form.resetFields(['fecha', 'nombre']);
  }

  return (
    <Form<NuevoFestivo>
      form={form}
      name="nuevo-festivo"
      layout="vertical"
      onFinish={(values) => void submit(values)}
      initialValues={{ ambito: 'local' }}
      className="calendario-form"
    >
      <Flex gap={12} wrap align="flex-end">
        <Form.Item name="fecha" label="Fecha" rules={[{ required: true, message: 'Indique la fecha.' }]}>
          <DatePicker format="DD/MM/YYYY" defaultPickerValue={dayjs(`${anio}-01-01`)} style={{ width: 170 }} />
        </Form.Item>
        <Form.Item
          name="nombre"
          label="Nombre"
          rules={reglasTexto({ max: LIMITES_PLAZO.nombreFestivoMax }, 'El nombre', 'Indique el nombre.')}
          style={{ flex: '1 1 220px' }}
        >
          <Input maxLength={LIMITES_PLAZO.nombreFestivoMax} placeholder="p. ej. Fiesta local de San Isidro" />
        </Form.Item>
        <Form.Item name="ambito" label="Ámbito" rules={[{ required: true, message: 'Indique el ámbito.' }]}>
          <Select
            showSearch={{ filterOption: matchesOption }}
            style={{ width: 160 }}
            options={AMBITOS_FESTIVO.map((ambito) => ({ value: ambito, label: AMBITO_FESTIVO_ETIQUETAS[ambito] }))}
          />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" icon={<PlusOutlined />} loading={enviando}>
            Añadir festivo
          </Button>
        </Form.Item>
      </Flex>
    </Form>
  );
}

/**
 * `/administracion/calendario`: the holidays (national, regional and local) that, with Saturdays
 * and Sundays, are not working days when plazos are counted. A change moves the open deadlines.
 */
export function CalendarioView() {
  const [anio, setAnio] = useState(() => new Date().getFullYear());
  const festivos = useFestivos(anio);
  const borrar = useBorrarFestivo();
  const [quitando, setQuitando] = useState<Festivo | null>(null);
  // On a phone the ámbito goes under the name: four columns do not fit in 320 px.
  const narrow = Grid.useBreakpoint().sm === false;

  const columns: TableColumnsType<Festivo> = [
    {
      title: 'Fecha',
      key: 'fecha',
      width: narrow ? 110 : 180,
      render: (_, festivo) => (
        <span>
          <time dateTime={festivo.fecha} style={{ whiteSpace: 'nowrap' }}>
            {diaEs(festivo.fecha)}
          </time>{' '}
          ({diaSemana(festivo.fecha)})
        </span>
      ),
    },
    {
      title: 'Nombre',
      key: 'nombre',
      render: (_, festivo) =>
        narrow ? (
          <>
            <div>{festivo.nombre}</div>
            <Typography.Text type="secondary">{AMBITO_FESTIVO_ETIQUETAS[festivo.ambito]}</Typography.Text>
          </>
        ) : (
          festivo.nombre
        ),
    },
    ...(narrow
      ? []
      : [
          {
            title: 'Ámbito',
            key: 'ambito',
            width: 130,
            render: (_: unknown, festivo: Festivo) => AMBITO_FESTIVO_ETIQUETAS[festivo.ambito],
          },
        ]),
    {
      title: 'Acciones',
      key: 'acciones',
      width: narrow ? 80 : 110,
      render: (_, festivo) => (
        <Button
          type="link"
          size="small"
          danger
          onClick={() => setQuitando(festivo)}
          aria-label={`Quitar «${festivo.nombre}» (${diaEs(festivo.fecha)})`}
        >
          Quitar
        </Button>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title="Calendario laboral"
        subtitle="Los festivos nacionales, autonómicos y locales que, con sábados y domingos, no cuentan como días hábiles en los plazos. Un cambio recalcula los vencimientos de los expedientes abiertos."
      />
      <Card
        title={<h2 className="admin-card-title">Festivos de {anio}</h2>}
        extra={
          <Flex gap={8} align="center">
            <Button
              icon={<LeftOutlined />}
              aria-label={`Año anterior (${anio - 1})`}
              onClick={() => setAnio(anio - 1)}
            />
            <span aria-live="polite" style={{ fontWeight: 600 }}>
              {anio}
            </span>
            <Button
              icon={<RightOutlined />}
              aria-label={`Año siguiente (${anio + 1})`}
              onClick={() => setAnio(anio + 1)}
            />
          </Flex>
        }
        styles={{ body: { padding: 0 } }}
        data-testid="calendario-festivos"
      >
        <div style={{ padding: 16 }}>
          <NuevoFestivoForm anio={anio} />
        </div>
        {festivos.isError ? (
          <Alert
            type="error"
            showIcon
            title="No se pudo cargar el calendario."
            action={<Button onClick={() => void festivos.refetch()}>Reintentar</Button>}
            style={{ margin: 16 }}
          />
        ) : (
          <Table<Festivo>
            rowKey="id"
            size="middle"
            columns={columns}
            dataSource={festivos.data ?? []}
            loading={festivos.isPending}
            pagination={false}
            onRow={(festivo) =>
              ({ 'data-testid': 'festivo-fila', 'data-fecha': festivo.fecha }) as React.HTMLAttributes<HTMLElement>
            }
            locale={{ emptyText: <Empty description={`No hay festivos en ${anio}.`} /> }}
          />
        )}
      </Card>
      <ConfirmDialog
        subject={
          quitando && {
            title: `¿Quitar «${quitando.nombre}»?`,
            content: `El ${diaEs(quitando.fecha)} volverá a ser día hábil y los vencimientos abiertos se recalcularán.`,
          }
        }
        okText="Quitar"
        danger
        onConfirm={() => borrar.mutateAsync(quitando!.id)}
        onClose={() => setQuitando(null)}
      />
    </>
  );
}
