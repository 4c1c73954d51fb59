-- «Buscar en documentos», a page of its own beside «Subir documentos»: whoever sees expedientes may
-- search inside the documents they hold (the API only searches what the caller may see).
INSERT INTO modulo (nom_mostrar, nom_modulo, icon, id_padre, orden, permiso_requerido)
SELECT 'Buscar en documentos', 'buscar-documentos', 'FileSearchOutlined', id, 20, 'expedientes.ver'
FROM modulo WHERE nom_modulo = 'expedientes';
