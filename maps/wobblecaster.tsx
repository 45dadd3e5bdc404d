<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.10" tiledversion="1.10.2" name="wobblecaster" tilewidth="64" tileheight="64" tilecount="9" columns="0">
 <grid orientation="orthogonal" width="1" height="1"/>
 <tile id="0">
  <properties>
   <property name="texture" value="brick_red"/>
  </properties>
  <image width="64" height="64" source="../assets/brick_red.png"/>
 </tile>
 <tile id="1">
  <properties>
   <property name="texture" value="stone_grey"/>
  </properties>
  <image width="64" height="64" source="../assets/stone_grey.png"/>
 </tile>
 <tile id="2">
  <properties>
   <property name="texture" value="metal_plate"/>
  </properties>
  <image width="64" height="64" source="../assets/metal_plate.png"/>
 </tile>
 <tile id="3">
  <properties>
   <property name="texture" value="wood_panel"/>
  </properties>
  <image width="64" height="64" source="../assets/wood_panel.png"/>
 </tile>
 <tile id="4">
  <properties>
   <property name="texture" value="stone_moss"/>
  </properties>
  <image width="64" height="64" source="../assets/stone_moss.png"/>
 </tile>
 <tile id="5">
  <properties>
   <property name="texture" value="floor_tiles"/>
  </properties>
  <image width="64" height="64" source="../assets/floor_tiles.png"/>
 </tile>
 <tile id="6">
  <properties>
   <property name="texture" value="ceiling_panels"/>
  </properties>
  <image width="64" height="64" source="../assets/ceiling_panels.png"/>
 </tile>
 <tile id="7">
  <properties>
   <property name="texture" value="elevator"/>
  </properties>
  <image width="64" height="64" source="../assets/elevator.png"/>
 </tile>
 <tile id="8">
  <properties>
   <property name="texture" value="exit_sign"/>
  </properties>
  <image width="64" height="64" source="../assets/exit_sign.png"/>
 </tile>
</tileset>
